// Clock readings, running time and the wakeup grid: the instants every transition acts on.

extension EngineState {
  /// The engine's running time at clock instant `now`: the clock less the time spent suspended.
  /// Registrations that pause while the engine is suspended (``SuspensionPolicy/pauses``) count
  /// on it, so suspending and resuming never moves their anchors, and one registered while
  /// suspended is never credited with suspension it did not spend.
  func runningTime(at now: Int64) -> Int64 {
    Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal)
  }

  /// ``runningTime(at:)`` from the two fields it reads. Mutating methods call this one: calling a
  /// non-mutating method of `self` from one copies the whole state first (every reference it
  /// holds retained and released), which the optimizer does not elide.
  @inline(__always)
  static func runningTime(at now: Int64, suspendedSince: Int64?, suspendedTotal: Int64) -> Int64 {
    let clockTime = suspendedSince.map { min(now, $0) } ?? now
    return clockTime.subtractingSaturated(suspendedTotal)
  }

  /// The instant `timing` counts on at clock instant `now`: the clock's own, or running time.
  @inline(__always)
  func instant(for timing: CountdownTiming, at now: Int64) -> Int64 {
    timing.policy == .pauses ? runningTime(at: now) : now
  }

  /// ``instant(for:at:)`` for mutating methods (see ``runningTime(at:suspendedSince:suspendedTotal:)``).
  @inline(__always)
  mutating func instantInPlace(for timing: CountdownTiming, at now: Int64) -> Int64 {
    timing.policy == .pauses
      ? Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal) : now
  }

  /// The clock instant of `change`, an instant on the time `timing` counts on (for running time,
  /// as long as the engine is not suspended again; a resume recomputes every change anyway).
  @inline(__always)
  func clockInstant(of change: Int64, for timing: CountdownTiming) -> Int64 {
    timing.clockInstant(of: change, suspendedTotal: suspendedTotal)
  }

  /// Notes a clock reading made by a registration or a resume before it took the lock.
  mutating func noteRegistrationRead(_ now: Int64) {
    readings.noteRegistrationRead(now)
  }

  /// A call's clock reading, made before it took the lock, clamped to the latest instant the state
  /// has acted on: another thread (or a wakeup) may have acted on a later instant meanwhile, and a
  /// call must never undo it (a pause that froze the time before a tick it did not see would give
  /// that tick's interval back on resume).
  mutating func monotone(_ now: Int64) -> Int64 {
    readings.monotone(now)
  }

  /// ``monotone(_:)`` for a query, which changes nothing.
  func reading(_ now: Int64) -> Int64 {
    max(latestReading, now)
  }

  /// Notes that some registration's value changes at clock instant `change`.
  mutating func noteChange(at change: Int64) {
    changeBound.note(change)
  }

  /// The last grid instant at or before `instant`.
  static func gridFloor(_ instant: Int64, window: Int64, origin: Int64) -> Int64 {
    let offset = instant.subtractingSaturated(origin)
    let steps = offset >= 0 ? offset / window : -((-(offset + 1)) / window + 1)
    let (product, overflow) = steps.multipliedReportingOverflow(by: window)
    return overflow ? (steps > 0 ? .max : .min) : origin.addingSaturated(product)
  }

  /// The first grid instant at or after both `instant` and `now`; `nil` when it lies past the
  /// clock's last instant (`Int64.max` itself is a grid instant like any other when the grid
  /// reaches it). A change that came due while a pass ran thus waits for the next grid instant (all
  /// values still flip together), unless that instant is now.
  static func gridCeiling(atOrAfter instant: Int64, now: Int64, window: Int64, origin: Int64) -> Int64? {
    let target = max(instant, now)
    let floor = gridFloor(target, window: window, origin: origin)
    guard floor != target else { return floor }
    let (ceiling, overflow) = floor.addingReportingOverflow(window)
    return overflow ? nil : ceiling
  }

  /// Notes a wakeup at clock instant `now`: the grid instant it stands for is the one it was armed
  /// for, when it ran early by less than half a window, and otherwise the last one that has
  /// passed (one callback with the true value after whole intervals were missed).
  ///
  /// With ends on a grid of their own, a wakeup at which no value on the grid changes walks
  /// nothing: one that stands for no new grid instant (armed for an end between two grid
  /// instants), or for one before the earliest change (an end, or a milestone, that falls in a
  /// grid interval of its own). It delivers the ends due by its ``endInstant``, taken from the
  /// ends to come, if any; the caller re-arms the timer when it has nothing to do
  /// (``hasPendingWork``). A pass that begins for a tick checks again (``walkIsDue(at:)``): a pass
  /// that ran meanwhile may have found the change it was due for.
  mutating func noteWakeup(at now: Int64, armedFor armed: Int64?, window: Int64) {
    var instant = Self.gridFloor(now, window: window, origin: gridOrigin)
    if let armed, armed > instant, armed.subtractingSaturated(now) <= window / 2,
      Self.gridFloor(armed, window: window, origin: gridOrigin) == armed
    {
      instant = armed
    }
    var end = max(now, wakeupInstant, instant)
    if let armed, armed > end, armed.subtractingSaturated(now) <= endWindow / 2 {
      end = armed
    }
    let isNewGridInstant = readings.noteWakeup(at: now, standingFor: instant, endsFor: end)
    if !separateEnds || (isNewGridInstant && walkIsDue(at: instant)) {
      pendingWork.noteTickDue()
      return
    }
    // Woken for an end that was cancelled since (a cancel leaves the timer armed): no pass for it.
    dropStaleEnds()
    if let soonest = ends.soonestDeadline(), soonest <= endInstant {
      pendingWork.noteEndsDue()
    }
  }

  /// The instant a tick at grid instant `tick` delivers ends for.
  func endInstant(forTick tick: Int64) -> Int64 {
    separateEnds ? max(endInstant, tick) : tick
  }

  /// Notes that a tick pass delivered the values at grid instant `instant`.
  mutating func noteTicked(_ instant: Int64) {
    readings.noteTicked(instant)
  }

  /// The grid instant a tick pass that starts at clock instant `now` stands for.
  func tickInstant(passStartedAt now: Int64, window: Int64) -> Int64 {
    max(wakeupInstant, Self.gridFloor(now, window: window, origin: gridOrigin))
  }

  /// The instant prompt deliveries prepared at clock instant `now` are computed for: the grid
  /// instant the labels already show (the current one, or the one the latest wakeup stood for if
  /// it ran early), but never before a registration's own reading (a first value never exceeds its
  /// duration).
  func promptDeliveryInstant(preparedAt now: Int64, tick: Int64?, window: Int64) -> Int64 {
    max(Self.gridFloor(now, window: window, origin: gridOrigin), tick ?? .min, wakeupInstant, latestRegistrationRead)
  }
}
