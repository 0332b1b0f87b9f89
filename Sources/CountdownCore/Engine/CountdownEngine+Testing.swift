// What tests read of the engine's insides: package access, so no app sees it.
extension CountdownEngine {
  /// How many times the engine's lock was taken so far (this reading aside).
  package var lockEntries: Int64 {
    state.withUncountedLock { $0.lockEntries }
  }

  /// How many registrations delivery passes have looked at so far.
  package var examinedRegistrations: Int64 {
    state.withLock { $0.counts.examined }
  }

  /// The instant the wakeup grid starts from (it moves when the timer is made anew).
  package var gridOrigin: CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: state.withLock { $0.grid.origin })
  }

  /// The receiver table's bucket count and pool capacity: for tests of when it gives memory back.
  package var tableSize: (buckets: Int, capacity: Int) {
    state.withLock { ($0.table.bucketCount, $0.table.nodes.capacity) }
  }

  /// The engine's broken rules, each described (empty when sound), for tests that run them in any
  /// build. Not counted as a lock entry.
  package func stateInvariantViolations() -> [String] {
    state.withUncountedLock { $0.invariantViolations() }
  }

  /// The engine's broken cost rules (11 and 12), each described (empty when they hold), for the
  /// seeded simulation. O(count); not counted as a lock entry.
  package func costRuleViolations() -> [String] {
    state.withUncountedLock { $0.costRuleViolations() }
  }

  /// Broken invariants of the receiver table (empty when sound): for tests.
  package func tableInvariantViolations() -> [String] {
    state.withLock { $0.table.invariantViolations() }
  }
}

extension CountdownEngine {
  /// How many entries the engine's indexes of what changes when hold (rule 10), for tests.
  package var indexSizes: (ends: Int, wheel: Int) {
    state.withLock { ($0.ends.count, $0.wheel?.count ?? 0) }
  }
}

extension CountdownEngine {
  /// The bytes a per-countdown wheel's entry takes in its pool: for the layout test.
  package static var wheelNodeStride: Int { MemoryLayout<TimingWheelNode<IndexedRegistration>>.stride }
}

extension CountdownEngine {
  /// The bytes a prepared callback takes in a chunk: for the layout test.
  package static var preparedCallbackStride: Int { MemoryLayout<PreparedCallback>.stride }
}
