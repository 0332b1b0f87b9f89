/// The grid an engine's wakeups fall on: pure arithmetic on instants, in nanoseconds on the
/// engine's clock, held by the engine's state so that none of its methods takes what it says.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package struct WakeupGrid: Sendable {
  /// The engine's interval: the step of every countdown's value.
  package let interval: Int64
  /// The wakeup grid's step: the interval (shared alignment) or the per-countdown tolerance.
  package let window: Int64
  /// The end grid's step, at most `window`: a countdown's final 0 comes at most this long after its
  /// deadline.
  package let endWindow: Int64
  /// The first grid instant: the reading of the registration that made the timer, so that its
  /// countdown is exact; countdowns registered later flip at the same grid instants.
  package private(set) var origin: Int64 = 0

  /// A grid of `window` (more than 0) over an `interval`, its ends on a grid of `endWindow`
  /// (clamped to `window`), from origin 0.
  package init(interval: Int64, window: Int64, endWindow: Int64) {
    self.interval = interval
    self.window = window
    self.endWindow = min(endWindow, window)
  }

  /// How often a paused registration's receiver is probed for its death when nothing else wakes
  /// the engine: a minute, or the interval if that is longer. A paused registration gets no calls
  /// that would notice the death; probing it every interval would wake an idle device that often
  /// (600 times in ten minutes on a 1 s interval) for a countdown that shows nothing.
  package var probePeriod: Int64 {
    max(interval, Self.minimumProbePeriod)
  }

  /// When a paused registration probed (or paused) at clock instant `instant` is probed next:
  /// the first instant after it of the probe grid, a ``probePeriod`` apart from the grid's origin,
  /// so that paused registrations share their probe wakeups, however far apart they were paused
  /// (at most one wakeup a probe period for all of them), each within a probe period.
  /// `Int64.max` past the last one the clock represents.
  package func nextProbe(after instant: Int64) -> Int64 {
    guard instant != .max else { return .max }
    return Self.floor(instant, step: probePeriod, origin: origin).addingSaturated(probePeriod)
  }

  /// A minute, in nanoseconds: the least ``probePeriod``.
  package static let minimumProbePeriod: Int64 = 60_000_000_000

  /// Whether ends have a grid of their own, finer than the wakeup grid (the shared alignment's).
  package var endsHaveOwnGrid: Bool {
    @inline(__always) get { endWindow < window }
  }

  /// How many windows an interval spans, when it spans a whole number of them: a change an
  /// interval after one in window `w` then falls in window `w` plus this.
  var windowsPerInterval: Int64? {
    interval % window == 0 ? interval / window : nil
  }

  /// Starts the grid anew at `now` (a new timer).
  mutating func restart(at now: Int64) {
    origin = now
  }

  /// The last grid instant at or before `instant` (`Int64.max` itself is one).
  func floor(_ instant: Int64) -> Int64 {
    Self.floor(instant, step: window, origin: origin)
  }

  /// The first grid instant at or after both `instant` and `now`: `Int64.max` after the last one
  /// the clock represents, so that a change that came due while a pass ran waits for the next.
  func ceiling(atOrAfter instant: Int64, now: Int64) -> Int64 {
    Self.ceiling(atOrAfter: max(instant, now), step: window, origin: origin)
  }

  /// The first instant of the ends' grid at or after `end`, so that ends close together share a
  /// wakeup; `Int64.max` after the last one the clock represents.
  func endCeiling(atOrAfter end: Int64) -> Int64 {
    Self.ceiling(atOrAfter: end, step: endWindow, origin: origin)
  }

  /// The last instant at or before `instant` of the grid of `step` from `origin`: the wakeup grid's
  /// or the ends' (`Int64.max` itself is one).
  private static func floor(_ instant: Int64, step: Int64, origin: Int64) -> Int64 {
    guard instant != .max else { return .max }
    let offset = instant.subtractingSaturated(origin)
    let steps = offset >= 0 ? offset / step : -((-(offset + 1)) / step + 1)
    let (product, overflow) = steps.multipliedReportingOverflow(by: step)
    return overflow ? (steps > 0 ? .max : .min) : origin.addingSaturated(product)
  }

  /// The first instant at or after `target` of the grid of `step` from `origin`: `Int64.max`
  /// after the last one the clock represents.
  private static func ceiling(atOrAfter target: Int64, step: Int64, origin: Int64) -> Int64 {
    let floor = floor(target, step: step, origin: origin)
    guard floor != target else { return floor }
    return floor.addingSaturated(step)
  }

  /// The number of the window whose wakeup delivers a change at clock instant `change`: the
  /// first grid instant at or after it, counted from the grid's origin.
  func windowNumber(ofChangeAt change: Int64) -> Int64 {
    let offset = change.subtractingSaturated(origin)
    return offset > 0 ? (offset - 1) / window + 1 : -((-offset) / window)
  }

  /// The clock instant of window number `number`: `Int64.max` for every window past the last one
  /// the clock represents.
  func instant(ofWindow number: Int64) -> Int64 {
    let (product, overflow) = number.multipliedReportingOverflow(by: window)
    return overflow ? (number > 0 ? .max : .min) : origin.addingSaturated(product)
  }

  /// The most a timer armed for clock instant `wakeup` may fire late, in nanoseconds: the least of
  /// what each promise in force allows, and never less than zero. A timer never fires early, so
  /// no leeway breaks a promise's "never before".
  ///
  /// - At most a tenth of the window (Apple's advice for a timer's tolerance): the engine takes any
  ///   jitter below half a window without skipping or repeating a value (a repeating timer's drift
  ///   limit), and the rest of that half is left to the queue's own delays.
  /// - With ``endsHaveOwnGrid``, a final 0 comes within `endWindow` after its deadline: at most
  ///   `end + endWindow − wakeup` for the soonest end that can be due, the soonest noted or one
  ///   an `interval` after `earliestChange` (this tick may deliver a last value).
  /// - Without, every change is promised within a window of its own instant, which the grid
  ///   already spends but a nanosecond of: at most `earliestChange + window − wakeup`.
  ///
  /// `earliestChange` is a lower bound (`nil`: none to come), and `soonestEnd` may be an end
  /// cancelled since: either only makes the leeway smaller.
  package func leeway(forWakeupAt wakeup: Int64, earliestChange: Int64?, soonestEnd: Int64?) -> Int64 {
    var leeway = window / 10
    if endsHaveOwnGrid {
      let soonestPossibleEnd = Int64.earlier(soonestEnd, earliestChange?.addingSaturated(interval))
      if let soonestPossibleEnd {
        leeway = min(leeway, soonestPossibleEnd.addingSaturated(endWindow).subtractingSaturated(wakeup))
      }
    } else if let earliestChange {
      leeway = min(leeway, earliestChange.addingSaturated(window).subtractingSaturated(wakeup))
    }
    return max(0, leeway)
  }
}
