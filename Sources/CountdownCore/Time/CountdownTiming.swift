/// A registration's time: what it counts toward and the value last delivered. All instants are
/// nanoseconds on the engine's clock, or, for ``SuspensionPolicy/pauses``, on the engine's
/// *running* time (its clock less the time it spent suspended, which the engine keeps), so that
/// suspension never has to move a deadline.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package struct CountdownTiming: Sendable {
  package enum Kind: UInt8, Sendable {
    case countdown
    case countingUp
  }

  /// The largest value a timing holds: 2⁵⁵ − 1, or `Int.max` where `Int` has 32 bits (watchOS on
  /// arm64_32), so every value converts to the handler's `Int`. Count-ups stop there; a longer
  /// countdown (73 years of 1 s intervals on a 32-bit `Int`) is rejected at registration.
  package static let maximumValue: Int64 = min(.max >> valueShift, Int64(Int.max))

  private static let valueShift: Int64 = 8
  private static let flagMask: Int64 = 0xFF
  private static let countingUpFlag: Int64 = 1 << 0
  private static let pausesFlag: Int64 = 1 << 1
  private static let pausedFlag: Int64 = 1 << 2
  private static let skipsChangesFlag: Int64 = 1 << 3
  private static let overtimeFlag: Int64 = 1 << 4
  private static let milestonesFlag: Int64 = 1 << 5
  /// It delivered only its end (or milestones) and owes that end promptly (``oweItsEndPromptly()``):
  /// should its end move off before the end is delivered, it is silent again (``silenceAgain()``).
  private static let owesOnlyItsEndFlag: Int64 = 1 << 6
  /// It walks segments (its slot holds its walk): at its end its walk moves it to the next
  /// segment's, rather than its 0 ending it (rule 15).
  private static let segmentsFlag: Int64 = 1 << 7
  /// The stored value of a timing owed a prompt delivery: the smallest the value's 56 bits hold,
  /// below every value a timing shows (an overtime countdown's go down to −``maximumValue``).
  private static let promptOwed: Int64 = -(1 << 55)

  /// One of three instants or lengths, by the timing's state:
  /// - a running countdown: its deadline;
  /// - a running count-up: its start;
  /// - a paused one: its time left (elapsed, counting up) in nanoseconds, frozen.
  package private(set) var deadlineOrStart: Int64
  /// The value (upper 56 bits) and the flags (lower 8 bits).
  private var word: Int64

  package init(countdownTo deadline: Int64, policy: SuspensionPolicy) {
    deadlineOrStart = deadline
    word = Self.flags(countingUp: false, policy: policy)
    value = Self.promptOwed
  }

  package init(countingUpFrom start: Int64, policy: SuspensionPolicy) {
    deadlineOrStart = start
    word = Self.flags(countingUp: true, policy: policy)
    value = Self.promptOwed
  }

  private static func flags(countingUp: Bool, policy: SuspensionPolicy) -> Int64 {
    (countingUp ? countingUpFlag : 0) | (policy == .pauses ? pausesFlag : 0)
  }

  /// The value last delivered; below −``maximumValue`` when a prompt delivery is owed (before the
  /// first one, and after a resume or a shift). Values above ``maximumValue`` are stored as it.
  package private(set) var value: Int64 {
    @inline(__always) get { word >> Self.valueShift }
    @inline(__always) set { word = min(newValue, Self.maximumValue) << Self.valueShift | word & Self.flagMask }
  }

  package var kind: Kind { word & Self.countingUpFlag == 0 ? .countdown : .countingUp }
  package var policy: SuspensionPolicy { word & Self.pausesFlag == 0 ? .keepsRunning : .pauses }
  package private(set) var isPaused: Bool {
    @inline(__always) get { word & Self.pausedFlag != 0 }
    set { word = newValue ? word | Self.pausedFlag : word & ~Self.pausedFlag }
  }
  /// It skips the changes between its stops: only the final 0 is delivered, or only milestones and
  /// the 0 (``deliversMilestones``). A state of its own, never encoded in the value (rule 4).
  package private(set) var skipsChanges: Bool {
    @inline(__always) get { word & Self.skipsChangesFlag != 0 }
    set { word = newValue ? word | Self.skipsChangesFlag : word & ~Self.skipsChangesFlag }
  }

  /// It counts on past its deadline (``CountdownEnding/countsOvertime``): its value goes on below
  /// 0, and its 0 does not end it (rule 4).
  package private(set) var countsOvertime: Bool {
    @inline(__always) get { word & Self.overtimeFlag != 0 }
    set { word = newValue ? word | Self.overtimeFlag : word & ~Self.overtimeFlag }
  }

  /// Makes a new countdown count on past its deadline.
  package mutating func countOvertime() {
    precondition(kind == .countdown && !skipsChanges, "only a countdown delivering every change counts overtime")
    countsOvertime = true
  }

  /// Delivered at milestones: one that skips changes (``skipsChanges``), its value its next milestone + 1,
  /// so that its next change, the same formula as a countdown's, is that milestone's instant.
  package var deliversMilestones: Bool { word & Self.milestonesFlag != 0 }

  /// It walks segments (``walkSegments()``).
  package var walksSegments: Bool { word & Self.segmentsFlag != 0 }

  /// Whether a prompt delivery is owed (the first value, or the one after a resume or a shift). Never
  /// for a registration that skips changes; while paused, only for one walking segments that a
  /// move owes its call (``beginSegment(pausedWith:)``).
  package var awaitsPromptDelivery: Bool {
    value == Self.promptOwed && !skipsChanges && (!isPaused || word & Self.segmentsFlag != 0)
  }

  /// The instant the value changes next, on this timing's time: `Int64.min` when a prompt delivery
  /// is owed; `nil` when it never changes again (paused, ended, or past the clock's last instant).
  /// `Int64.max` is an instant like any other.
  @inline(__always)
  package func nextChange(interval: Int64) -> Int64? {
    if isPaused { return nil }
    // The value is the next milestone + 1 (1 for the end): below the value at registration, so the
    // product is below the time left then.
    if skipsChanges { return value == 0 ? nil : deadlineOrStart &- (value &- 1) &* interval }
    if value == Self.promptOwed { return .min }
    switch kind {
    case .countdown:
      // value = ceil((deadline − t) ÷ interval) drops to value − 1 once deadline − t ≤ (value − 1) · interval;
      // that product is below the time left when it was computed, so it cannot overflow.
      if value > 0 { return deadlineOrStart &- (value &- 1) &* interval }
      return countsOvertime ? overtimeChange(interval: interval) : nil
    case .countingUp:
      let (product, overflow) = (value &+ 1).multipliedReportingOverflow(by: interval)
      let (instant, late) = deadlineOrStart.addingReportingOverflow(product)
      return overflow || late ? nil : instant
    }
  }

  /// Whether this is a running countdown on the clock's own time showing more than `minimum`: the
  /// tick's common case, where a step never ends it (above 1) nor brings it to its last value
  /// (above 2).
  @inline(__always)
  package func isRunningCountdown(above minimum: Int64) -> Bool {
    // Not counting up, not paused, not on running time, not skipping changes, and the value above
    // `minimum`: the word at least (minimum + 1) << 8.
    word & (Self.countingUpFlag | Self.pausedFlag | Self.pausesFlag | Self.skipsChangesFlag) == 0
      && word >= (minimum &+ 1) << Self.valueShift
  }

  /// ``nextChange(interval:)`` without its checks, for a running countdown where it is never `nil`:
  /// at its last value (``isAtItsLastValue``), or where ``isRunningCountdown(above:)`` says so.
  @inline(__always)
  package func countdownNextChange(interval: Int64) -> Int64 {
    deadlineOrStart &- (value &- 1) &* interval
  }

  /// Moves a running countdown down by one; only where ``isRunningCountdown(above:)`` says so.
  @inline(__always)
  package mutating func stepDown() {
    word &-= 1 << Self.valueShift
  }

  /// Moves a running countdown down by `steps`, fewer than its value: only where
  /// ``isRunningCountdown(above:)`` says so, for a tick `steps` boundaries past its next change.
  @inline(__always)
  package mutating func stepDown(by steps: Int64) {
    word &-= steps << Self.valueShift
  }

  /// Brings `value` up to `now` and returns it: one boundary passed costs a multiplication, two
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
        let next = deadlineOrStart &- (value &- 1) &* interval
        if now >= next, now &- next < interval {
          value -= 1
          return value
        }
      }
      let left = deadlineOrStart.subtractingReportingOverflow(now)
      if left.overflow {
        value = deadlineOrStart > now ? .max : overtimeValue(late: .max, interval: interval)
      } else if left.partialValue <= 0 {
        value = overtimeValue(late: left.partialValue == .min ? .max : -left.partialValue, interval: interval)
      } else {
        value = (left.partialValue - 1) / interval + 1  // ceil
      }
    case .countingUp:
      if value != Self.promptOwed, let next = nextChange(interval: interval) {
        if now >= next, now &- next < interval {
          value += 1
          return value
        }
      }
      let elapsed = now.subtractingReportingOverflow(deadlineOrStart)
      value = elapsed.overflow ? (now > deadlineOrStart ? .max : 0) : max(0, elapsed.partialValue) / interval
    }
    return value
  }

  /// The value this registration shows at `now` without changing anything.
  package func value(at now: Int64, interval: Int64) -> Int64 {
    var copy = self
    if !copy.isPaused { copy.value = Self.promptOwed }
    return copy.advance(to: now, interval: interval)
  }

  /// Freezes the registration at `now`: it is never due until ``resume(at:lastInstant:)``.
  package mutating func pause(at now: Int64) {
    guard !isPaused else { return }
    deadlineOrStart = nanoseconds(at: now)
    isPaused = true
  }

  /// Continues from the frozen time at `now`, owed a prompt delivery of its current value (unless
  /// it skips changes). A countdown frozen with more time left than its time has instants
  /// ahead ends at `lastInstant`: the clock's last instant on its own time (for one on running
  /// time, which lags the clock, earlier than `Int64.max`).
  package mutating func resume(at now: Int64, lastInstant: Int64 = .max) {
    guard isPaused else { return }
    isPaused = false
    switch kind {
    case .countdown: deadlineOrStart = min(now.addingSaturated(deadlineOrStart), max(now, lastInstant))
    case .countingUp: deadlineOrStart = now.subtractingSaturated(deadlineOrStart)
    }
    // At milestones, the next one planned stays: none passed while frozen.
    if !deliversMilestones { value = skipsChanges ? 1 : Self.promptOwed }
  }

  /// Moves a countdown's end to `newEnd` (its deadline, or while paused its frozen time left); a
  /// running one that delivers every change is owed a prompt delivery of its new value.
  package mutating func moveEnd(to newEnd: Int64) {
    precondition(kind == .countdown, "only a countdown has an end")
    deadlineOrStart = newEnd
    if !isPaused, !skipsChanges {
      value = Self.promptOwed
    }
  }

  /// Makes a running countdown that skips changes, whose end has come (time taken past it, or
  /// resumed with none left), owe its 0 promptly: the same timing a start past its deadline makes,
  /// whose 0 is its first delivery.
  package mutating func oweItsEndPromptly() {
    precondition(kind == .countdown && !isPaused, "only a running countdown has an end to owe")
    word = word & ~(Self.skipsChangesFlag | Self.milestonesFlag) | Self.owesOnlyItsEndFlag
    value = Self.promptOwed
  }

  /// Makes one that owes only its end promptly (``oweItsEndPromptly()``) silent until its end
  /// again, as a new countdown that delivers only its end: before its end moves (time added or
  /// taken) or it pauses, so that it never shows a value but its `0`. Whether it is silent.
  @discardableResult
  package mutating func silenceAgain() -> Bool {
    guard word & Self.owesOnlyItsEndFlag != 0 else { return false }
    word &= ~Self.owesOnlyItsEndFlag
    deliverOnlyTheEnd()
    return true
  }

  /// Makes a new countdown silent until its end: its next change is the deadline itself, its value
  /// 1 until then.
  package mutating func deliverOnlyTheEnd() {
    precondition(kind == .countdown, "only a countdown has an end")
    skipsChanges = true
    value = 1
  }

  /// Makes a countdown silent but for milestones: its next change is the instant of `next`, a
  /// milestone below its current value (0: the end), its value `next` + 1 until then.
  package mutating func planMilestone(_ next: Int64) {
    precondition(kind == .countdown && !countsOvertime, "only a countdown without overtime has milestones")
    word |= Self.skipsChangesFlag | Self.milestonesFlag
    value = next &+ 1
  }

  /// ``planMilestone(_:)`` for a walk's new segment, or ``deliverOnlyTheEnd()`` when `next` is its
  /// end (0): a segment's end is not a milestone of its own.
  package mutating func planSegmentMilestone(_ next: Int64) {
    if next > 0 { planMilestone(next) } else { deliverOnlyTheEnd() }
  }

  /// Makes a new countdown walk segments: its end is its current segment's.
  package mutating func walkSegments() {
    precondition(kind == .countdown && !countsOvertime, "only a countdown without overtime walks segments")
    word |= Self.segmentsFlag
  }

  /// Makes a walk that skips changes (only its segments' ends, or milestones) deliver its next
  /// value promptly, as one of every change: a walk that owes a call awaits its prompt delivery,
  /// and is made silent again once that call is prepared.
  package mutating func unsilence() {
    precondition(walksSegments, "only a walk is made to deliver a call promptly")
    word &= ~(Self.skipsChangesFlag | Self.milestonesFlag | Self.owesOnlyItsEndFlag)
    if !isPaused { value = Self.promptOwed }
  }

  /// Counts down to `deadline`, a new segment's end, running, owed a prompt delivery of its value.
  package mutating func beginSegment(runningUntil deadline: Int64) {
    precondition(walksSegments, "only a registration walking segments begins one")
    deadlineOrStart = deadline
    isPaused = false
    value = Self.promptOwed
  }

  /// Holds a new segment's time, `left`, frozen, owed a prompt delivery of its value
  /// (``awaitsPromptDelivery``): a segment moved to while paused is told at once.
  package mutating func beginSegment(pausedWith left: Int64) {
    precondition(walksSegments, "only a registration walking segments begins one")
    deadlineOrStart = left
    isPaused = true
    value = Self.promptOwed
  }

  /// A paused registration walking segments owes no prompt delivery: what it owed waits for its
  /// resume, which owes one again (a pause withdraws what was on its way).
  package mutating func settlePaused(interval: Int64) {
    guard isPaused, value == Self.promptOwed else { return }
    value = pausedValue(interval: interval)
  }

  /// Moves ``deadlineOrStart`` `offset` earlier: a new registration's instants, read on the clock, become
  /// instants of the engine's running time, which is `offset` behind the clock.
  package mutating func rebase(by offset: Int64) {
    guard !isPaused else { return }
    deadlineOrStart = deadlineOrStart.subtractingSaturated(offset)
  }

  /// Owes a running registration a prompt delivery of its current value (after the engine's
  /// suspension ends); a paused or finished one, or one that skips changes, is left alone.
  package mutating func requestPromptDelivery() {
    guard !isPaused, !isFinished, !skipsChanges else { return }
    value = Self.promptOwed
  }

  private func pausedValue(interval: Int64) -> Int64 {
    switch kind {
    case .countdown:
      deadlineOrStart > 0
        ? (deadlineOrStart - 1) / interval + 1
        : overtimeValue(late: deadlineOrStart == .min ? .max : -deadlineOrStart, interval: interval)
    case .countingUp: deadlineOrStart / interval
    }
  }

}

// A new registration's first milestone, planned under the engine's lock.

extension CountdownTiming {
  /// Plans the first milestone of a new countdown made at clock instant `now`: the highest one
  /// below its value then (those at or above it are passed already), or its end. Returns the list
  /// for its slot; `nil`, changing nothing, without milestones or for a deadline already passed
  /// (its 0 is then its first delivery, as for only the end).
  mutating func planFirstMilestone(of milestones: MilestoneList?, at now: Int64, interval: Int64) -> MilestoneList? {
    guard let milestones, deadlineOrStart > now else { return nil }
    planMilestone(milestones.next(below: value(at: now, interval: interval)))
    return milestones
  }
}
