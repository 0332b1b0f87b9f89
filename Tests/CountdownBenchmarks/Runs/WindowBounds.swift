/// Where a measured window starts and ends, for alternatives whose callbacks must themselves tell
/// (a run-loop thread, or tasks on the cooperative pool, where the harness cannot read the
/// counters while they run without a race).
final class WindowBounds: @unchecked Sendable {
  // @unchecked Sendable: `start` and `end` are read and written only while holding `lock`.
  private let lock = HarnessLock()
  private var start = Int64.max
  private var end = Int64.max
  private var calledBack = false

  enum Phase { case before, inside, after }

  func set(start: Int64, end: Int64) {
    lock.withLock {
      self.start = start
      self.end = end
    }
  }

  func phase(at time: Int64) -> Phase {
    lock.withLock { time < start ? .before : time < end ? .inside : .after }
  }

  /// ``phase(at:)`` for a callback made at `time`, noting that a callback came (under the same
  /// lock, so the callbacks take it once as before).
  func phaseOfCallback(at time: Int64) -> Phase {
    lock.withLock {
      calledBack = true
      return time < start ? .before : time < end ? .inside : .after
    }
  }

  /// Waits until a callback has come (``phaseOfCallback(at:)``) or the monotonic clock reads
  /// `deadline`; returns whether one came.
  func waitForFirstCallback(until deadline: Int64) -> Bool {
    while !lock.withLock({ calledBack }) {
      guard ProcessProbe.now() < deadline else { return false }
      ProcessProbe.sleep(until: min(deadline, ProcessProbe.now() + WindowReading.pollNanoseconds))
    }
    return true
  }
}
