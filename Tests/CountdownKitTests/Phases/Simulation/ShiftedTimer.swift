import CountdownCore

/// A timer of ``PassDriftClock``: the base clock's, armed earlier by the offset the drifting clock's
/// reads are ahead of the base clock, so that it fires at the instant the engine asked for, as the
/// drifting clock reads it.
struct ShiftedTimer: CountdownTimer {
  let base: any CountdownTimer
  let clock: PassDriftClock

  func schedule(at deadline: CountdownInstant?, leeway: Duration) {
    base.schedule(at: deadline.map(shifted), leeway: leeway)
  }

  var supportsRepeating: Bool { base.supportsRepeating }

  func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
    base.schedule(at: shifted(deadline), repeating: interval, leeway: leeway)
  }

  func cancel() {
    base.cancel()
  }

  private func shifted(_ instant: CountdownInstant) -> CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: instant.nanosecondsSinceOrigin &- clock.offset)
  }
}
