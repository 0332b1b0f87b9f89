extension ReceiverTable {
  /// Every broken invariant of the table, described; empty when the table is sound.
  ///
  /// Each bucket list is doubly linked, every node sits in the list its key hashes to (its old
  /// bucket's while a resize has not moved that bucket), the lists hold each pool node exactly
  /// once, no key appears twice, a bucket is marked occupied exactly when its list is not empty.
  /// O(count + bucketCount).
  package func invariantViolations() -> [String] {
    var audit = ListAudit(self)
    for (name, count) in [
      ("bucket", heads.count), ("old bucket", isResizing ? oldHeads.count : Self.minimumBucketCount),
    ]
    where count < Self.minimumBucketCount || count & (count - 1) != 0 {
      audit.problems.append("\(name) count \(count) is not a power of two >= \(Self.minimumBucketCount)")
    }
    if walkedCount < 0 || walkedCount > nodes.count {
      audit.problems.append("\(walkedCount) nodes walked of \(nodes.count)")
    }
    guard entries.count == nodes.count else {
      return audit.problems + ["\(nodes.count) nodes, \(entries.count) entries"]
    }
    for bucket in heads.indices {
      if occupied.contains(bucket) == heads[bucket].isNone {
        audit.problems.append("bucket \(bucket) is marked \(heads[bucket].isNone ? "occupied" : "empty"), wrongly")
      }
      audit.checkList("bucket \(bucket)", from: heads[bucket]) { key in
        self.bucket(for: key) == bucket && unmovedOldBucket(forBits: Self.mixedBits(of: key)) == nil
      }
    }
    for old in oldHeads.indices {
      if old < movedOldBuckets {
        if !oldHeads[old].isNone { audit.problems.append("moved old bucket \(old) is not empty") }
        continue
      }
      audit.checkList("old bucket \(old)", from: oldHeads[old]) { key in
        unmovedOldBucket(forBits: Self.mixedBits(of: key)) == old
      }
    }
    if audit.linked != nodes.count {
      audit.problems.append("\(audit.linked) nodes linked, \(nodes.count) in the pool")
    }
    return audit.problems
  }

  /// Traps on a broken invariant (unless a test records them: ``BrokenRuleRecorder``) in builds
  /// with `COUNTDOWN_CHECK_INVARIANTS`. The O(nodes + buckets) audit runs after every mutation up
  /// to 256 of them together, then after every (total / 256)-th, never above 2 048 nodes or
  /// 4 096 buckets, so that large tests stay linear.
  @inline(__always)
  mutating func checkInvariantsIfEnabled() {
    #if COUNTDOWN_CHECK_INVARIANTS
      guard nodes.count <= 2048, heads.count + oldHeads.count <= 4096 else { return }
      mutationsSinceAudit += 1
      guard mutationsSinceAudit >= max(1, (nodes.count + heads.count + oldHeads.count) / 256) else { return }
      mutationsSinceAudit = 0
      let problems = invariantViolations()
      BrokenRuleRecorder.report(problems, "ReceiverTable invariants")
    #endif
  }
}

/// The walk over a table's bucket lists that ``ReceiverTable/invariantViolations()`` makes: which
/// nodes were reached, which keys seen, and what was found wrong.
private struct ListAudit {
  let table: ReceiverTable
  var problems: [String] = []
  var linked = 0
  private var seen: [Bool]
  private var distinctKeys: Set<ObjectIdentifier>

  init(_ table: ReceiverTable) {
    self.table = table
    seen = [Bool](repeating: false, count: table.nodes.count)
    distinctKeys = Set(minimumCapacity: table.nodes.count)
  }

  /// Checks one list; `belongs` says whether a key's list is this one. Its `name` is made only for
  /// a problem's description.
  mutating func checkList(
    _ name: @autoclosure () -> String, from head: NodeIndex, belongs: (ObjectIdentifier) -> Bool
  ) {
    let entries = table.entries
    var previous = NodeIndex.none
    var current = head
    while !current.isNone {
      let position = current.position
      guard position < entries.count else {
        problems.append("\(name()) links to \(position), past the pool")
        return
      }
      guard !seen[position] else {
        problems.append("node \(position) is linked twice")
        return
      }
      seen[position] = true
      linked += 1
      if entries[position].previous != previous {
        problems.append(
          "node \(position): previous link \(entries[position].previous.position), expected \(previous.position)")
      }
      if !belongs(entries[position].key) {
        problems.append("node \(position) is in \(name()), its key belongs elsewhere")
      }
      if !distinctKeys.insert(entries[position].key).inserted {
        problems.append("key of node \(position) appears twice")
      }
      previous = current
      current = entries[position].next
    }
  }
}
