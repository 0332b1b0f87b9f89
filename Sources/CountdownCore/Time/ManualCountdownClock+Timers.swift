// The clock's side of its timers: the record it keeps of each, and what a ``ManualTimer`` asks of
// the clock that made it (arm, disarm after a fire, forget), under the clock's lock.

extension ManualCountdownClock {
  struct TimerRecord {
    weak var timer: ManualTimer?
    /// When armed: the deadline, and a rising sequence number that breaks ties in arming order.
    var armed: (deadline: Int64, sequence: UInt64)?
    /// When armed to repeat: the step between its deadlines.
    var period: Int64?

    /// Fired at `firing`: a one-shot is disarmed; a repeating one moves on to its first deadline
    /// after that instant, on its grid, skipping the fires it missed as `DispatchSourceTimer` does.
    mutating func advanceAfterFire(at firing: Int64) {
      guard let period, let armed else {
        armed = nil
        return
      }
      let steps = firing < armed.deadline ? 1 : (firing - armed.deadline) / period + 1
      let (offset, overflow) = steps.multipliedReportingOverflow(by: period)
      let (next, late) = armed.deadline.addingReportingOverflow(offset)
      self.armed = overflow || late ? nil : (next, armed.sequence)
    }
  }

  /// Arms (or, with `nil`, disarms) the timer `id`, to repeat every `period` nanoseconds if given;
  /// for ``ManualTimer``. Armed for the past while no advance runs, it also fires on its queue at
  /// once; the next advance fires it instead if it comes first, never both.
  func schedule(_ id: Int, at deadline: CountdownInstant?, repeating period: Int64? = nil, leeway: Int64) {
    let overdue = state.withLock { state -> (ManualTimer, UInt64)? in
      state.timers[id]?.period = deadline == nil ? nil : period
      guard let timer = state.timers[id]?.timer else { return nil }
      state.armings?.append(
        Arming(
          timer: id, deadline: deadline, period: period.map(Duration.nanoseconds),
          leeway: .nanoseconds(max(0, leeway))))
      guard var deadline = deadline?.nanosecondsSinceOrigin else {
        state.timers[id]?.armed = nil
        return nil
      }
      if state.firesAtTheEndOfTheLeeway {
        // A repeating timer's later deadlines follow on its grid: each at the end of its leeway too.
        deadline = deadline.addingSaturated(max(0, leeway))
      }
      let sequence = state.nextSequence
      state.nextSequence += 1
      state.timers[id]?.armed = (deadline, sequence)
      return state.advancing == 0 && deadline <= state.now ? (timer, sequence) : nil
    }
    if let (timer, sequence) = overdue {
      timer.fireOnQueue(ifStillArmedAs: sequence)
    }
  }

  /// Disarms the timer `id` (or moves a repeating one on to its next deadline) if it is still armed
  /// as its `sequence`th arming; for ``ManualTimer``.
  func disarm(_ id: Int, ifArmedAs sequence: UInt64) -> Bool {
    state.withLock { state in
      guard state.timers[id]?.timer != nil, state.timers[id]?.armed?.sequence == sequence else { return false }
      state.timers[id]?.advanceAfterFire(at: state.now)
      return true
    }
  }

  /// Forgets the timer `id` for good; for ``ManualTimer``.
  func remove(_ id: Int) {
    _ = state.withLock { $0.timers.removeValue(forKey: id) }
  }
}
