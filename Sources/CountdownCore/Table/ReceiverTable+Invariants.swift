extension ReceiverTable {
  /// Every broken invariant of the table, described; empty when the table is sound.
  ///
  /// Checks that each bucket list is correctly doubly linked, that every node sits in the list its
  /// key hashes to (its old bucket's while a resize has not moved that bucket), that moved old
  /// buckets are empty, that the lists together hold each pool node exactly once, and that no key
  /// appears twice. O(count + bucketCount): tests call it directly, and debug builds run it after
  /// every mutation (see ``checkInvariantsIfEnabled()``).
  package func invariantViolations() -> [String] {
    var problems: [String] = []
    for (name, count) in [("bucket", heads.count), ("old bucket", isResizing ? oldHeads.count : Self.minimumBucketCount)]
    where count < Self.minimumBucketCount || count & (count - 1) != 0 {
      problems.append("\(name) count \(count) is not a power of two >= \(Self.minimumBucketCount)")
    }
    if entries.count != nodes.count {
      problems.append("\(nodes.count) nodes, \(entries.count) entries")
      return problems
    }
    var seen = [Bool](repeating: false, count: nodes.count)
    var distinctKeys = Set<ObjectIdentifier>()
    var linked = 0
    /// Checks one list; `belongs` says whether a key's list is this one.
    func checkList(_ name: String, from head: NodeIndex, belongs: (ObjectIdentifier) -> Bool) {
      var previous = NodeIndex.none
      var current = head
      while !current.isNone {
        guard current.position < nodes.count else {
          problems.append("\(name) links to \(current.position), past the pool")
          return
        }
        guard !seen[current.position] else {
          problems.append("node \(current.position) is linked twice")
          return
        }
        seen[current.position] = true
        linked += 1
        if entries[current.position].previous != previous {
          problems.append("node \(current.position): previous link \(entries[current.position].previous.position), expected \(previous.position)")
        }
        if !belongs(entries[current.position].key) {
          problems.append("node \(current.position) is in \(name), its key belongs elsewhere")
        }
        if !distinctKeys.insert(entries[current.position].key).inserted {
          problems.append("key of node \(current.position) appears twice")
        }
        previous = current
        current = entries[current.position].next
      }
    }
    for bucket in heads.indices {
      checkList("bucket \(bucket)", from: heads[bucket]) { key in
        self.bucket(for: key).position == bucket && unmovedOldBucket(forBits: Self.mixedBits(of: key)) == nil
      }
    }
    for old in oldHeads.indices {
      if old < movedOldBuckets {
        if !oldHeads[old].isNone { problems.append("moved old bucket \(old) is not empty") }
        continue
      }
      checkList("old bucket \(old)", from: oldHeads[old]) { key in
        unmovedOldBucket(forBits: Self.mixedBits(of: key)) == old
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
