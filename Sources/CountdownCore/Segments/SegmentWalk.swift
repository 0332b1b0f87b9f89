/// Where a registration walking segments is in its plan, beside its timing: its current
/// segment's ordinal, the ends it passed that no call has told yet, and whether it owes a
/// ``SegmentCall``. The timing counts down to the current segment's end (or holds its frozen
/// time); at that end, the pass that finds its value at 0 moves the walk on
/// (``advance(_:to:interval:toClock:)``) instead of ending the registration, under the engine's
/// lock, as a milestone is planned again.
///
/// Open to the package's other modules (`@_spi(Walks)`), which subclass it with what their calls
/// need beside the plan, and are told each call by ``segmentChanged(_:stop:)``: a countdown in
/// phases is then one object beside its registration, not a walk and a second object that the
/// walk would hold (a start's second allocation, and 43 to 48 bytes more per countdown). Nothing
/// outside the package sees it.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
@_spi(Walks) open class SegmentWalk: @unchecked Sendable {
  // @unchecked Sendable: every `var` here is read and written under the engine's lock only (the
  // registration slots' table that holds the walk is the state's); the rest is constant. A
  // subclass's own state is confined as it says. Unchecked exclusivity, as the slots': the lock
  // serializes access, which the runtime's per-access check cannot see (it was a quarter of a
  // first call's instructions).

  /// The plan's arithmetic.
  package let layout: SegmentLayout
  /// The milestones a silent walk is delivered at in each segment, if any.
  package let milestones: MilestoneList?
  /// Time added to the current segment (taken, below 0), in nanoseconds: its span is its length
  /// and this (``span``). 0 again at each change of segment.
  @exclusivity(unchecked) package private(set) var added: Int64 = 0
  /// The current segment's ordinal; the segment count once the plan has ended.
  @exclusivity(unchecked) package private(set) var ordinal: Int

  /// The current segment's span, start to end, in nanoseconds: its length, with the time added to
  /// it since it began (less, for time taken); 0 once the plan has ended. Read under the engine's
  /// lock.
  package var span: Int64 {
    layout.isEnded(ordinal) ? 0 : layout.length(ofOrdinal: ordinal).addingSaturated(added)
  }
  /// Ends passed that no call made has told: a call that carried them was withdrawn before it
  /// began (a pause, time added, a move), so the next call carries them (``giveBack(_:)``). Out of
  /// line, and only while there are any: most walks never have any, and a walk is 48 bytes
  /// smaller (a third) for it.
  @exclusivity(unchecked) private var unheardEnds: UnheardSegmentEnds?
  /// Whether it delivers every change within a segment; silent, it delivers none but its
  /// milestones (``milestones``), or none at all, and every delivery of it is a call. (The two
  /// flags last: a class's fields are laid out in the order written.)
  package let deliversEveryChange: Bool
  /// The next delivery is a ``SegmentCall``: the registration's first, one after a move, a resume
  /// or a withdrawn call. Set, its registration awaits a prompt delivery or is paused (rule 15). A
  /// silent walk owes one only for ends that no call has told: it delivers nothing but its ends
  /// (and milestones), as a single countdown that skips changes does.
  @exclusivity(unchecked) package private(set) var owesCall: Bool

  /// A walk of `layout` from segment `ordinal`, delivering `deliveries` in each segment: what
  /// ``CountdownEngine/register(_:walk:left:whileSuspended:paused:readAt:callsFirst:onDeliveryQueue:handler:)``
  /// registers, which checks its segment and milestones. A walk is registered once (rule 15).
  public init(layout: SegmentLayout, ordinal: Int, deliveries: CountdownDeliveries) {
    self.layout = layout
    self.ordinal = ordinal
    deliversEveryChange = deliveries.isEveryChange
    milestones = deliveries.milestones.map { MilestoneList($0) }
    owesCall = deliveries.isEveryChange
  }

  /// What it delivers within a segment, as it was made with: its constants, read without the lock.
  package var deliveries: CountdownDeliveries {
    deliversEveryChange ? .everyChange : milestones.map { .milestones($0.values) } ?? .onlyTheEnd
  }

  /// Tells `call`, on the engine's delivery queue, outside its lock, once per change of segment
  /// (and per call owed: the first, one after a move, a resume, time added); `stop` ends the
  /// registration after it. Values within a segment go to the registration's handler instead.
  /// Every subclass tells its calls: the engine registers no walk of this class itself.
  open func segmentChanged(_ call: SegmentCall, stop: inout Bool) {
    preconditionFailure("A walk's subclass tells its segment calls.")
  }

  /// Notes `applied` nanoseconds added to (or, below 0, taken from) the current segment.
  func noteAdded(_ applied: Int64) {
    added = added.addingSaturated(applied)
  }

  /// Whether it passed ends that no call has told yet.
  package var hasUnheardEnds: Bool { unheardEnds != nil }

  /// The ends no call has told, followed by `later`.
  private func unheard(followedBy later: PassedSegmentEnds) -> PassedSegmentEnds {
    unheardEnds.map { $0.ends.followed(by: later, window: layout.window) } ?? later
  }

  /// Keeps `ends` for the next call.
  private func keepUnheard(_ ends: PassedSegmentEnds) {
    unheardEnds = ends.isEmpty ? nil : UnheardSegmentEnds(ends)
  }

  /// Whether the plan has ended.
  package var isEnded: Bool { layout.isEnded(ordinal) }

  /// The timing of a walk at the segment `ordinal` at `now` with `left` nanoseconds to go (at or
  /// below 0: its end passed that long ago): counting down to that segment's end, or, past the
  /// plan's last segment, ended at `now`.
  ///
  /// - Throws: ``CountdownError/outOfRange`` for a segment whose end lies past the clock's last
  ///   instant: it could never end (a saturated end would cut it short), and a countdown of that
  ///   length is refused too.
  static func timing(
    at ordinal: Int, left: Int64, in layout: SegmentLayout, now: Int64, policy: SuspensionPolicy
  ) throws(CountdownError) -> CountdownTiming {
    let (end, overflow) = now.addingReportingOverflow(left)
    let isEnded = layout.isEnded(ordinal)
    guard isEnded || !overflow else { throw .outOfRange }
    var timing = CountdownTiming(countdownTo: isEnded ? now : end, policy: policy)
    timing.walkSegments()
    return timing
  }

  /// Notes the time added to the segment a walk starts at, before it started: its time left,
  /// `left`, past its length.
  func noteStart(left: Int64) {
    guard !isEnded else { return }
    added = max(0, left.subtractingSaturated(layout.length(ofOrdinal: ordinal)))
  }

  /// Owes no call for its first delivery: the caller knows where it starts
  /// (``CountdownEngine/register(_:walk:left:whileSuspended:paused:readAt:callsFirst:onDeliveryQueue:handler:)``).
  func owesNoFirstCall() {
    owesCall = false
  }

  /// Owes the next delivery as a ``SegmentCall``: a walk of every change always, a silent one only
  /// for ends no call has told.
  func oweCall() {
    owesCall = deliversEveryChange || hasUnheardEnds
  }

  /// The call prepared for a delivery at `instant` (on the timing's own time), `value` the
  /// timing's value there just worked out: past the current segment's end, the walk moves on
  /// first, and `value` becomes the new segment's. `nil` for a plain value, which goes to the
  /// registration's ``CountdownHandler``. `toClock` turns the timing's instants into the clock's
  /// (the time suspended, for one on running time).
  func prepareCall(
    _ timing: inout CountdownTiming, value: inout Int64, at instant: Int64, interval: Int64, toClock: Int64
  ) -> SegmentCall? {
    let silent = timing.skipsChanges
    // A silent walk's value is its next milestone's: a late pass may find its segment's end passed
    // with a milestone still to tell, and moves on past that end all the same. (No ends: `nil`,
    // not an empty value, which a registration's first delivery would copy for nothing.)
    var ends: PassedSegmentEnds?
    if !timing.isPaused, value <= 0 || timing.deadlineOrStart <= instant, !isEnded {
      ends = advance(&timing, to: instant, interval: interval, toClock: toClock)
      value = timing.advance(to: instant, interval: interval)
    }
    // The plan's end, the final 0, is a call whatever the walk delivers (a silent walk registered
    // past its last segment was never made silent).
    guard owesCall || ends?.isEmpty == false || silent || isEnded else { return nil }
    let call = SegmentCall(
      value: Int(value), ordinal: ordinal, ends: unheard(followedBy: ends ?? .none),
      isPaused: timing.isPaused, timeLeft: isEnded ? 0 : timing.nanoseconds(at: instant),
      end: timing.isPaused || isEnded ? nil : timing.deadlineOrStart.addingSaturated(toClock),
      instant: instant.addingSaturated(toClock), walk: self)
    unheardEnds = nil
    owesCall = false
    // Its next milestone is the highest below the value told, as a countdown's is: a pass's
    // instant (the grid instant a late wakeup stands for) may lie before `instant`, its reading,
    // and a milestone between the two is owed, late, not skipped.
    silence(&timing, at: instant, below: value, interval: interval)
    return call
  }

  /// Makes a silent walk's running timing silent until its next milestone or its segment's end,
  /// as of `instant` on its time (its next milestone the highest below `value`, its value there
  /// unless given); nothing for a walk of every change, a paused one, or one whose segment's end
  /// has come (that end is delivered at once).
  func silence(_ timing: inout CountdownTiming, at instant: Int64, below value: Int64? = nil, interval: Int64) {
    guard !deliversEveryChange, !timing.isPaused, !isEnded, timing.deadlineOrStart > instant else { return }
    if let milestones {
      timing.planSegmentMilestone(milestones.next(below: value ?? timing.value(at: instant, interval: interval)))
    } else {
      timing.deliverOnlyTheEnd()
    }
  }

  /// Takes back the ends of `call`, prepared and then withdrawn before it began: the next call
  /// carries them, before any passed since.
  func giveBack(_ call: SegmentCall) {
    keepUnheard(unheardEnds.map { call.ends.followed(by: $0.ends, window: layout.window) } ?? call.ends)
    oweCall()
  }

  /// Moves the walk on past every segment whose end is at or before `instant` (on the timing's
  /// own time), from the current one, whose end is the timing's deadline, and returns those ends,
  /// oldest first, in bounded work.
  ///
  /// The segment ends after the current one follow the plan from its deadline: the plan's time at
  /// that deadline is where the current segment ends in the plan, so the segment running at
  /// `instant` is one look-up (``SegmentLayout/ordinal(at:)``), never a walk over those between.
  /// The walk stops at the first segment after which it pauses: the next one then waits, paused,
  /// at its full length, and time after that end does not count. At most
  /// ``SegmentLayout/window`` ends are returned one by one (the latest), those before them in one
  /// summary: O(*w* log *p*), *w* the window and *p* the segments written in the plan.
  func advance(_ timing: inout CountdownTiming, to instant: Int64, interval: Int64, toClock: Int64)
    -> PassedSegmentEnds
  {
    let ends = Self.advance(&ordinal, &timing, in: layout, to: instant, toClock: toClock)
    if !ends.isEmpty { added = 0 }
    return ends
  }

  /// Passes every segment whose end is due by `instant` (on the timing's time), as a pass would,
  /// keeping those ends for the next call, which is owed: an operation acts on the segment running
  /// at its instant. Returns whether any passed.
  func bringUp(_ timing: inout CountdownTiming, to instant: Int64, interval: Int64, toClock: Int64) -> Bool {
    let passed = advance(&timing, to: instant, interval: interval, toClock: toClock)
    guard !passed.isEmpty else { return false }
    keepUnheard(unheard(followedBy: passed))
    oweCall()
    return true
  }

  /// Ends the current segment, paused with no time left (time taken down to nothing), at
  /// `instant` on the timing's time: the next one waits paused at its full length, or the plan
  /// ends (running, due at `instant`). Told by the next call.
  func endPausedSegment(_ timing: inout CountdownTiming, at instant: Int64, toClock: Int64) {
    guard timing.isPaused, timing.deadlineOrStart <= 0, !isEnded else { return }
    let end = PassedSegmentEnds.End(ordinal: ordinal, instant: instant.addingSaturated(toClock))
    let pausesAfter = layout.firstPausing(from: ordinal) == ordinal
    ordinal = ordinal.addingSaturated(1)
    added = 0
    if isEnded {
      timing.beginSegment(runningUntil: instant)
    } else {
      timing.beginSegment(pausedWith: layout.length(ofOrdinal: ordinal))
    }
    // The walk was paused already, and stays so; "paused" says whether the plan pauses after it.
    let passed = PassedSegmentEnds(ends: [end], planEnded: isEnded, paused: pausesAfter && !isEnded)
    keepUnheard(unheard(followedBy: passed))
    oweCall()
  }

  /// ``advance(_:to:interval:toClock:)`` for a walk at `ordinal` in `layout`: what a query works
  /// out on copies, changing nothing (``SegmentCursor/advance(to:in:toClock:)``).
  static func advance(
    _ ordinal: inout Int, _ timing: inout CountdownTiming, in layout: SegmentLayout, to instant: Int64,
    toClock: Int64
  ) -> PassedSegmentEnds {
    guard !timing.isPaused, instant >= timing.deadlineOrStart else { return .none }
    var cursor = SegmentCursor(ordinal: ordinal, timing: .running(deadline: timing.deadlineOrStart))
    let ends = cursor.advance(to: instant, in: layout, toClock: toClock)
    guard !ends.isEmpty else { return .none }
    ordinal = cursor.ordinal
    timing.begin(cursor.timing)
    return ends
  }

  /// Makes `move` at `instant` (on the timing's own time), the walk brought up to it first: the
  /// segment it lands on starts at its full length less the move's offset, running or paused as
  /// the timing was; past the last segment, the plan ends at `instant`. The ends passed before the
  /// move, and the move itself, are told by the next delivery, a call. Returns `false`, changing
  /// nothing, once the plan has ended (its final 0 is on its way).
  ///
  /// A seek's offset must lie in `0..<length` of its segment (checked before the lock).
  func make(_ move: SegmentMove, _ timing: inout CountdownTiming, at instant: Int64, interval: Int64, toClock: Int64)
    -> Bool
  {
    // Ends passed on the way are owed a call by the bring-up itself, the plan's end among them.
    _ = bringUp(&timing, to: instant, interval: interval, toClock: toClock)
    guard !isEnded else { return false }
    added = 0
    let deadline = timing.deadlineOrStart
    var cursor = SegmentCursor(
      ordinal: ordinal, timing: timing.isPaused ? .paused(left: deadline) : .running(deadline: deadline))
    cursor.make(move, at: instant, in: layout)
    ordinal = cursor.ordinal
    if Self.movesKeepTheOldDeadline, !isEnded, case .running = cursor.timing {
      timing.begin(.running(deadline: deadline))
    } else {
      timing.begin(cursor.timing)
    }
    oweCall()
    return true
  }

  /// Whether a move keeps the walk's old deadline: a fault only the simulation's self-test plants
  /// (``PlantedSegmentFault``), never in an app's build.
  private static var movesKeepTheOldDeadline: Bool {
    #if COUNTDOWN_CHECK_INVARIANTS
      PlantedSegmentFault.current == .moveKeepsTheOldDeadline
    #else
      false
    #endif
  }
}

extension CountdownTiming {
  /// Begins a segment timed by `timing` (a walk's cursor after an advance or a move): running
  /// until its deadline, or paused with its time left.
  fileprivate mutating func begin(_ timing: SegmentCursor.Timing) {
    switch timing {
    case .running(let deadline): beginSegment(runningUntil: deadline)
    case .paused(let left): beginSegment(pausedWith: left)
    }
  }
}
