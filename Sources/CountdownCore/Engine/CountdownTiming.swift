/// A registration's time: what it counts toward and the value last delivered. All instants are
/// nanoseconds on the engine's clock.
///
/// The value is always derived from the clock, never decremented blindly: for a countdown it is
/// ceil((deadline − now) ÷ interval), floored at 0, so a late or missed wakeup corrects itself and
/// a countdown never shows less time than is left.
///
/// The instant of the next change is computed from the anchor and the value rather than stored:
/// the tick reads every timing, and 19 bytes (in a 40-byte node) cost
/// less than the multiplication that the stored instant would save.
package struct CountdownTiming: Sendable {
  package enum Kind: UInt8, Sendable {
    case countdown
    case countingUp
  }

  /// Countdown: the deadline. Counting up: the start. While paused: the remaining (or elapsed)
  /// nanoseconds, frozen.
  package private(set) var anchor: Int64
  /// The value last delivered; -1 when a delivery is due at once (before the first one, and after a
  /// resume or a shift).
  package private(set) var value: Int64
  package let kind: Kind
  package let policy: SuspensionPolicy
  package private(set) var isPaused = false

  package init(countdownTo deadline: Int64, policy: SuspensionPolicy) {
    kind = .countdown
    self.policy = policy
    anchor = deadline
    value = -1
  }

  package init(countingUpFrom start: Int64, policy: SuspensionPolicy) {
    kind = .countingUp
    self.policy = policy
    anchor = start
    value = -1
  }

  /// Whether a delivery is due at once (the first one, or the one after a resume or a shift).
  package var awaitsPromptDelivery: Bool { value < 0 && !isPaused }

  /// The instant the value changes next: `Int64.min` when a delivery is due at once, `Int64.max`
  /// while paused or after the end.
  @inline(__always)
  package func nextChange(interval: Int64) -> Int64 {
    if isPaused { return .max }
    if value < 0 { return .min }
    switch kind {
    case .countdown:
      // value = ceil((anchor − t) ÷ interval) drops to value − 1 once anchor − t ≤ (value − 1) · interval;
      // that product is below the time left when it was computed, so it cannot overflow.
      return value == 0 ? .max : anchor &- (value &- 1) &* interval
    case .countingUp:
      let (product, overflow) = (value &+ 1).multipliedReportingOverflow(by: interval)
      let (instant, late) = anchor.addingReportingOverflow(product)
      return overflow || late ? .max : instant
    }
  }

  /// Whether this is a running countdown showing more than 1: the tick's common case. Its next
  /// change is ``countdownNextChange(interval:)``, and once that instant has passed by less than an
  /// interval, its value moves down by exactly one: ``stepDown()``.
  @inline(__always)
  package var isRunningCountdownAboveOne: Bool { kind == .countdown && value > 1 && !isPaused }

  /// ``nextChange(interval:)`` without its checks, for ``isRunningCountdownAboveOne`` only.
  @inline(__always)
  package func countdownNextChange(interval: Int64) -> Int64 {
    anchor &- (value &- 1) &* interval
  }

  /// Moves a running countdown down by one; only where ``isRunningCountdownAboveOne`` says so.
  @inline(__always)
  package mutating func stepDown() {
    value -= 1
  }

  /// Brings `value` up to `now` and returns it.
  ///
  /// The common case, one boundary passed since the last delivery, costs a multiplication, two
  /// compares and an add; a late wakeup or a prompt delivery takes one division.
  @inline(__always)
  package mutating func advance(to now: Int64, interval: Int64) -> Int64 {
    if isPaused {
      value = pausedValue(interval: interval)
      return value
    }
    switch kind {
    case .countdown:
      if value > 1 {
        let next = anchor &- (value &- 1) &* interval
        if now >= next, now &- next < interval {
          value -= 1
          return value
        }
      }
      let left = anchor.subtractingReportingOverflow(now)
      if left.overflow {
        value = anchor > now ? .max : 0
      } else {
        value = left.partialValue <= 0 ? 0 : (left.partialValue - 1) / interval + 1  // ceil
      }
    case .countingUp:
      if value >= 0 {
        let next = nextChange(interval: interval)
        if now >= next, now &- next < interval {
          value += 1
          return value
        }
      }
      let elapsed = now.subtractingReportingOverflow(anchor)
      value = elapsed.overflow ? (now > anchor ? .max : 0) : max(0, elapsed.partialValue) / interval
    }
    return value
  }

  /// When the value shown from `now` on changes first (`Int64.max` for a countdown already at 0).
  package func firstChange(after now: Int64, interval: Int64) -> Int64 {
    var copy = self
    _ = copy.advance(to: now, interval: interval)
    return copy.nextChange(interval: interval)
  }

  /// Whether the last delivered value ends the registration.
  package var isFinished: Bool { kind == .countdown && value == 0 && !isPaused }

  /// The value this registration shows at `now` without changing anything.
  package func value(at now: Int64, interval: Int64) -> Int64 {
    var copy = self
    if !copy.isPaused { copy.value = -1 }
    return copy.advance(to: now, interval: interval)
  }

  /// The remaining (countdown) or elapsed (counting up) nanoseconds at `now`.
  package func nanoseconds(at now: Int64) -> Int64 {
    if isPaused { return anchor }
    switch kind {
    case .countdown: return max(0, anchor &- now)
    case .countingUp: return max(0, now &- anchor)
    }
  }

  /// Freezes the registration at `now`: it is never due until ``resume(at:)``.
  package mutating func pause(at now: Int64) {
    guard !isPaused else { return }
    anchor = nanoseconds(at: now)
    isPaused = true
  }

  /// Continues from the frozen time at `now`; due at once so the current value is delivered.
  package mutating func resume(at now: Int64) {
    guard isPaused else { return }
    isPaused = false
    switch kind {
    case .countdown: anchor = now &+ anchor
    case .countingUp: anchor = now &- anchor
    }
    value = -1
  }

  /// Moves the registration's anchor by `offset` (time spent suspended under
  /// ``SuspensionPolicy/pauses``); due at once. A paused or finished registration is left alone.
  package mutating func shift(by offset: Int64) {
    guard !isPaused, !isFinished else { return }
    anchor &+= offset
    value = -1
  }

  private func pausedValue(interval: Int64) -> Int64 {
    switch kind {
    case .countdown: anchor <= 0 ? 0 : (anchor - 1) / interval + 1
    case .countingUp: anchor / interval
    }
  }
}
