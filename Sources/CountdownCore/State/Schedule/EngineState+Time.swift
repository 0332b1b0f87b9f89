// Clock readings, running time and the wakeup grid: the instants every transition acts on.

extension EngineState {
  /// The instant ``InstantsActedOn/raiseLatest(to:)`` would act on for `now`, for a query, which changes nothing.
  func clampedToLatestInstant(_ now: Int64) -> Int64 {
    max(actedOn.latestInstant, now)
  }

  /// Notes that some registration's value changes at clock instant `change`; nothing for `nil`
  /// (it never changes on this clock).
  mutating func lowerEarliestChange(to change: Int64?) {
    guard let change else { return }
    changeBound.lower(to: change)
  }

  /// Whether a registration with `timing` is quiet on the grid, its node kept in the pool's quiet
  /// part (``ReceiverTable/isInQuietPart(_:)``), out of the walked part (rule 11): with ends on a
  /// grid of their own, a running countdown that skips changes (only its end, or milestones), whose
  /// next change waits in the ends to come (rule 8).
  @inline(__always)
  func belongsInQuietPart(_ timing: CountdownTiming) -> Bool {
    grid.endsHaveOwnGrid && timing.skipsChanges && !timing.isPaused
  }

  /// Forgets the bound on the next change once the pool's walked part is empty, so that no stale
  /// bound buys a walk (or a wakeup) for the quiet registrations left (rule 11).
  mutating func forgetBoundIfNothingIsWalked() {
    if grid.endsHaveOwnGrid, table.walkedCount == 0 {
      changeBound.reset()
    }
  }

  /// Notes a wakeup at clock instant `now`: the grid instant it stands for is the one it was armed
  /// for, when it ran early by less than half a window, and otherwise the last one that has
  /// passed (one callback with the true value after whole intervals were missed).
  ///
  /// With ends on a grid of their own, a wakeup at which no value on the grid changes walks
  /// nothing: it delivers only the ends due by its ``InstantsActedOn/endInstant``. A pass that
  /// begins for a tick checks again (``walkIsDue(at:)``): one that ran meanwhile may have found
  /// the change it was due for.
  mutating func markDueWork(forWakeupAt now: Int64, armedFor armed: Int64?) {
    var instant = grid.floor(now)
    if let armed, armed > instant, armed.subtractingSaturated(now) <= grid.window / 2, grid.floor(armed) == armed {
      instant = armed
    }
    var end = max(now, actedOn.wakeupInstant, instant)
    if let armed, armed > end, armed.subtractingSaturated(now) <= grid.endWindow / 2 {
      end = armed
    }
    let isNewGridInstant = actedOn.recordWakeup(at: now, standingFor: instant, endsFor: end)
    if !grid.endsHaveOwnGrid || (isNewGridInstant && walkIsDue(at: instant)) {
      pendingWork.requireTick()
      return
    }
    // Woken for an end that was cancelled since (a cancel leaves the timer armed): no pass for it.
    dropStaleEnds()
    if let soonest = ends.soonestDeadline(), soonest <= actedOn.endInstant {
      pendingWork.requireEnds()
    }
  }

  /// The instant a tick at grid instant `tick` delivers ends for.
  func endInstant(forTick tick: Int64) -> Int64 {
    grid.endsHaveOwnGrid ? max(actedOn.endInstant, tick) : tick
  }

  /// The grid instant a tick pass that starts at clock instant `now` stands for.
  func tickInstant(passStartedAt now: Int64) -> Int64 {
    max(actedOn.wakeupInstant, grid.floor(now))
  }

  /// The instant prompt deliveries prepared at clock instant `now` are computed for: the grid
  /// instant the labels already show (the current one, or the one the latest wakeup stood for if
  /// it ran early), but never before a registration's own reading (a first value never exceeds its
  /// duration).
  func promptDeliveryInstant(preparedAt now: Int64, tick: Int64?) -> Int64 {
    max(grid.floor(now), tick ?? .min, actedOn.wakeupInstant, actedOn.latestRegistrationReading)
  }
}
