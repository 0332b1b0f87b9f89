extension ReceiverTable {
  /// Every broken invariant of the table, described; empty when the table is sound.
  ///
  /// Checks that each bucket list is correctly doubly linked, that every node sits in the bucket
  /// its key hashes to, that the lists together hold each pool node exactly once, and that no key
  /// appears twice. O(count + bucketCount): tests call it directly, and debug builds run it after
  /// every mutation (see ``checkInvariantsIfEnabled()``).
  package func invariantViolations() -> [String] {
    var problems: [String] = []
    if heads.count < Self.minimumBucketCount || heads.count & (heads.count - 1) != 0 {
      problems.append("bucket count \(heads.count) is not a power of two >= \(Self.minimumBucketCount)")
    }
    if entries.count != nodes.count {
      problems.append("\(nodes.count) nodes, \(entries.count) entries")
      return problems
    }
    var seen = [Bool](repeating: false, count: nodes.count)
    var distinctKeys = Set<ObjectIdentifier>()
    var linked = 0
    for bucket in heads.indices {
      var previous = NodeIndex.none
      var current = heads[bucket]
      while !current.isNone {
        guard current.position < nodes.count else {
          problems.append("bucket \(bucket) links to \(current.position), past the pool")
          break
        }
        guard !seen[current.position] else {
          problems.append("node \(current.position) is linked twice")
          break
        }
        seen[current.position] = true
        linked += 1
        if entries[current.position].previous != previous {
          problems.append("node \(current.position): previous link \(entries[current.position].previous.position), expected \(previous.position)")
        }
        if self.bucket(for: entries[current.position].key).position != bucket {
          problems.append("node \(current.position) is in bucket \(bucket), hashes elsewhere")
        }
        if !distinctKeys.insert(entries[current.position].key).inserted {
          problems.append("key of node \(current.position) appears twice")
        }
        previous = current
        current = entries[current.position].next
      }
    }
    if linked != nodes.count {
      problems.append("\(linked) nodes linked, \(nodes.count) in the pool")
    }
    return problems
  }

  /// Traps on a broken invariant in builds with `COUNTDOWN_CHECK_INVARIANTS` (debug and tests);
  /// compiles to nothing in release. Tables above 2 048 nodes are skipped so that large debug
  /// tests stay linear; the randomized model test checks small tables after every step.
  @inline(__always)
  func checkInvariantsIfEnabled() {
    #if COUNTDOWN_CHECK_INVARIANTS
      guard nodes.count <= 2048 else { return }
      let problems = invariantViolations()
      precondition(problems.isEmpty, "ReceiverTable invariants broken: \(problems)")
    #endif
  }
}
