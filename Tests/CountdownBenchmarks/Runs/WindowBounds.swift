/// Where a measured window starts and ends, for alternatives whose callbacks must themselves tell
/// (a run-loop thread, or tasks on the cooperative pool, where the harness cannot read the
/// counters while they run without a race).
final class WindowBounds: @unchecked Sendable {
  // @unchecked Sendable: `start` and `end` are read and written only while holding `lock`.
  private let lock = HarnessLock()
  private var start = Int64.max
  private var end = Int64.max

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
}
