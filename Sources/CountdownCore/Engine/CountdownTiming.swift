/// A registration's time: what it counts toward, when its displayed value next changes, and the
/// value last delivered. All instants are nanoseconds on the engine's clock.
///
/// The value is always derived from the clock, never decremented blindly: for a countdown it is
/// ceil((deadline − now) ÷ interval), floored at 0, so a late or missed wakeup corrects itself and
/// a countdown never shows less time than is left.
package struct CountdownTiming: Sendable {
  package enum Kind: UInt8, Sendable {
    case countdown
    case countingUp
  }

  package var kind: Kind
  package var policy: SuspensionPolicy
  /// Countdown: the deadline. Counting up: the start. While paused: the remaining (or elapsed)
  /// nanoseconds, frozen.
  package var anchor: Int64
  /// The instant the value changes next: `Int64.min` before the first delivery (due at once),
  /// `Int64.max` while paused or after the end.
  package var nextChange: Int64
  /// The value last delivered; -1 before the first delivery.
  package var value: Int64
  package var isPaused = false
  /// The number of the delivery pass that last delivered this registration, so a pass delivers it
  /// at most once even if a removal moves it within the pool mid-pass. (Fits in padding.)
  package var lastPass: UInt32 = 0

  package init(countdownTo deadline: Int64, policy: SuspensionPolicy) {
    kind = .countdown
    self.policy = policy
    anchor = deadline
    nextChange = .min
    value = -1
  }

  package init(countingUpFrom start: Int64, policy: SuspensionPolicy) {
    kind = .countingUp
    self.policy = policy
    anchor = start
    nextChange = .min
    value = -1
  }

  /// Whether a wakeup at `now` must deliver this registration.
  @inline(__always)
  package func isDue(at now: Int64) -> Bool {
    now >= nextChange
  }

  /// Brings `value` and `nextChange` up to `now` and returns the value to deliver.
  ///
  /// The common case, one boundary passed since the last delivery, costs a compare and two adds; a
  /// late wakeup or the first delivery takes one division.
  @inline(__always)
  package mutating func advance(to now: Int64, interval: Int64) -> Int64 {
    if isPaused {
      value = pausedValue(interval: interval)
      return value
    }
    switch kind {
    case .countdown:
      if value > 1, nextChange != .min, now >= nextChange, now - nextChange < interval {
        value -= 1
        nextChange += interval
      } else {
        let left = anchor - now
        value = left <= 0 ? 0 : (left - 1) / interval + 1  // ceil for positive `left`
        nextChange = value == 0 ? .max : anchor - (value - 1) * interval
      }
    case .countingUp:
      if nextChange != .min, now >= nextChange, now - nextChange < interval {
        value += 1
        nextChange += interval
      } else {
        let elapsed = max(0, now - anchor)
        value = elapsed / interval
        nextChange = anchor + (value + 1) * interval
      }
    }
    return value
  }

  /// When the value shown from `now` on changes first (`Int64.max` for a countdown already at 0).
  package func firstChange(after now: Int64, interval: Int64) -> Int64 {
    var copy = self
    copy.nextChange = .min
    _ = copy.advance(to: now, interval: interval)
    return copy.nextChange
  }

  /// Whether the last delivered value ends the registration.
  package var isFinished: Bool { kind == .countdown && value == 0 && !isPaused }

  /// The value this registration shows at `now` without changing anything.
  package func value(at now: Int64, interval: Int64) -> Int64 {
    var copy = self
    copy.nextChange = .min
    return copy.advance(to: now, interval: interval)
  }

  /// The remaining (countdown) or elapsed (counting up) nanoseconds at `now`.
  package func nanoseconds(at now: Int64) -> Int64 {
    if isPaused { return anchor }
    switch kind {
    case .countdown: return max(0, anchor - now)
    case .countingUp: return max(0, now - anchor)
    }
  }

  /// Freezes the registration at `now`: it is never due until ``resume(at:)``.
  package mutating func pause(at now: Int64) {
    guard !isPaused else { return }
    anchor = nanoseconds(at: now)
    isPaused = true
    nextChange = .max
  }

  /// Continues from the frozen time at `now`; due at once so the current value is delivered.
  package mutating func resume(at now: Int64) {
    guard isPaused else { return }
    isPaused = false
    switch kind {
    case .countdown: anchor = now + anchor
    case .countingUp: anchor = now - anchor
    }
    nextChange = .min
  }

  /// Moves the registration's anchor by `offset` (time spent suspended under ``SuspensionPolicy/pauses``).
  package mutating func shift(by offset: Int64) {
    guard !isPaused else { return }
    anchor += offset
    nextChange = .min
  }

  private func pausedValue(interval: Int64) -> Int64 {
    switch kind {
    case .countdown: anchor <= 0 ? 0 : (anchor - 1) / interval + 1
    case .countingUp: anchor / interval
    }
  }
}
