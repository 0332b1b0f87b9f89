@_spi(Walks) import CountdownCore

/// The reference model of a simulation run: what every registration must show, checked against
/// every delivered value. Used only on the main thread, where the engine delivers.
final class SimulationModel: @unchecked Sendable {
  // @unchecked Sendable: handlers capture it, but they run on the main queue (the engine's
  // delivery queue) and the driver too, so it is only ever touched from the main thread.
  let interval: Int64
  /// How early a wakeup may fire: a value may stand for an instant this far ahead.
  let early: Int64
  /// How far behind the clock a delivered value may be computed: a late wakeup and the pass's own
  /// clock reads.
  let slack: Int64
  /// The most a final 0 may come after its deadline (before the wakeup's own lateness).
  let endTolerance: Int64
  var records: [Int: RegistrationRecord] = [:]
  var failures: [String] = []
  /// Every value may skip (time is jumping): set around a jump, which delivers a pending first
  /// value and then the jumped one.
  var jumping = false
  /// The clock's last instant, counted from the run's start. There, time stops: a wakeup late for
  /// the last grid instant (less than an interval before it) comes at it and stands for it, where
  /// every value is the value then, not the grid instant's: a countdown's end due at once delivers
  /// its 0, and any other value may skip the one the last grid instant would have shown (an
  /// overtime countdown's −9 between −8 and −10, a count-up's), which is then never shown.
  var lastInstant = Int64.max
  /// Done by the next callback of the pass (see ``SimulationStep/duringPass(_:offThread:)``): from
  /// inside a delivery pass, between its chunks if it has several.
  var duringPass: (() -> Void)?
  /// A step runs from inside a callback (``duringPass``): a pass runs up the stack, so a call on
  /// the delivery queue does not deliver inside itself (its value comes right after the pass).
  private(set) var insideCallback = false
  /// The registration whose call has not returned yet, and what was delivered to it meanwhile: on
  /// the delivery queue, a registration, a resume or time added delivers inside the call, before the
  /// driver has written down what the call did. Checked once it has (``release(_:)``).
  private var held: Held?
  /// What was delivered to the registration whose call has not returned yet: each value, or
  /// segment call, and the clock instant it came at.
  typealias Held = (id: Int, deliveries: [(value: Int, at: Int64, call: SegmentCall?)])
  /// The engine is suspended (``CountdownEngine/suspendTicking()``).
  var suspended = false
  /// The instants a call held during the driver's call may stand for (its readings), while the
  /// driver checks them (``release(_:)``); `nil`: a pass's.
  var heldWindow: ClosedRange<Int64>?
  /// What the walks went through, if counted.
  var coverage: WalkCoverage?

  /// The number of batches the engine delivered so far (its statistics'): callbacks of one pass
  /// read the same number.
  var batchNumber: () -> Int64 = { 0 }
  /// The last final 0 checked, with its deadline's brackets, for the next one of the same batch.
  private var lastEnd: (batch: Int64, id: Int, deadlineMin: Int64, deadlineMax: Int64)?

  init(interval: Int64, early: Int64, slack: Int64, endTolerance: Int64) {
    self.interval = interval
    self.early = early
    self.slack = slack
    self.endTolerance = endTolerance
  }

  func fail(_ message: String) {
    failures.append(message)
  }

  /// ceil(a ÷ b) for b > 0.
  func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a > 0 ? (a - 1) / b + 1 : -((-a) / b)
  }

  /// floor(a ÷ b) for b > 0.
  func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a - 1) / b + 1)
  }

  /// A callback was made: performs the action waiting for a pass, if any.
  func passCalled() {
    guard let action = duringPass else { return }
    duringPass = nil
    let outer = insideCallback
    insideCallback = true
    defer { insideCallback = outer }
    action()
  }

  /// Holds what is delivered to `id` until ``release(_:)``, while the driver's call for it runs; a
  /// callback in the call does no ``duringPass`` step (those come from an advance's passes).
  /// Returns what to hand back to ``release(_:)``.
  func hold(_ id: Int) -> (held: Held?, duringPass: (() -> Void)?) {
    let outer = (held, duringPass)
    held = (id, [])
    duringPass = nil
    return outer
  }

  /// Runs `body` with nothing held: a step that preempts the driver's call runs inside the call's
  /// clock reading, before the call acts, so what its passes deliver to the held registration is
  /// checked at once, against the record as it stands then, not as the call leaves it.
  func unheld(_ body: () throws -> Void) rethrows {
    let outer = held
    held = nil
    defer { held = outer }
    try body()
  }

  /// Checks what was delivered to the held registration during its call, in order, now that its
  /// record says what the call did; returns how many values came.
  @discardableResult
  func release(_ outer: (held: Held?, duringPass: (() -> Void)?)) -> Int {
    let inside = held
    (held, duringPass) = outer
    guard let inside else { return 0 }
    for delivery in inside.deliveries {
      if let call = delivery.call {
        checkCall(inside.id, call, at: delivery.at, window: heldWindow)
      } else {
        check(inside.id, delivery.value, at: delivery.at)
      }
    }
    return inside.deliveries.count
  }

  /// Checks one delivered value, made at clock instant `now` (held while the call that owes it runs).
  func deliver(_ id: Int, _ value: Int, at now: Int64) {
    if value == 0, held?.id != id { checkEndOrder(id) }
    if held?.id == id {
      held!.deliveries.append((value, now, nil))
      return
    }
    check(id, value, at: now)
    passCalled()
  }

  /// Ends delivered together come in deadline order, ties in registration order (the ids rise
  /// with each registration): a final 0 of `id`, a countdown whose deadline the model brackets on
  /// the clock, may not come after one of the same batch whose deadline is surely later, nor after
  /// one at the same known instant registered later.
  private func checkEndOrder(_ id: Int) {
    guard let record = records[id], record.kind == .countdown, !record.overtime, !record.ended, !record.gone,
      !record.paused, record.followsTheClock
    else { return }
    let batch = batchNumber()
    if let last = lastEnd, last.batch == batch {
      if last.deadlineMin > record.anchorMax {
        fail(
          "#\(id)'s end (due by \(record.anchorMax)) came after #\(last.id)'s (due from \(last.deadlineMin)) in one batch"
        )
      } else if last.deadlineMin == last.deadlineMax, record.anchorMin == record.anchorMax,
        last.deadlineMin == record.anchorMin, last.id > id
      {
        fail("#\(id)'s end came after #\(last.id)'s, due at the same instant and registered after it, in one batch")
      }
    }
    lastEnd = (batch, id, record.anchorMin, record.anchorMax)
  }

  /// Whether what is delivered to `id` is held (``hold(_:)``).
  func holds(_ id: Int) -> Bool { held?.id == id }

  /// Holds a segment call to the held registration, made at clock instant `now`.
  func hold(_ call: SegmentCall, at now: Int64) {
    held?.deliveries.append((call.value, now, call))
  }

  /// Checks one delivered value, made at clock instant `now`.
  private func check(_ id: Int, _ value: Int, at now: Int64) {
    guard var record = records[id] else { return fail("delivery to unknown registration \(id)") }
    if record.gone { fail("#\(id) was called with \(value) after it was cancelled, replaced or released") }
    if record.ended { fail("#\(id) was called with \(value) after its final 0") }
    if record.paused { fail("#\(id) was called with \(value) while paused") }
    if record.onlyTheEnd, value != 0 { fail("#\(id) delivers only its end, and was called with \(value)") }
    // A walk's change of segment, and its plan's end, is a call: a value is one within a segment.
    if let walk = record.walk, value <= 0 || walk.silent { fail("#\(id) walks segments, and was called with \(value)") }
    if record.atMilestones { checkMilestone(id, value, record) }
    let v = Int64(value)
    switch record.kind {
    case .countdown:
      if value > record.maximum { fail("#\(id) showed \(value), more than its duration (\(record.maximum))") }
      if let last = record.last {
        if value > last, !record.mayGoUp { fail("#\(id) went up: \(last) → \(value)") }
        let skipsTheLastGridInstant = now >= lastInstant && (value == 0 || value == last - 2)
        if !record.loose, !jumping, !record.atMilestones, value != last - 1, !skipsTheLastGridInstant {
          fail("#\(id) skipped or repeated: \(last) → \(value)")
        }
      }
      if record.followsTheClock, follows(record) {
        let least = max(record.lowestValue, ceilDiv(record.anchorMin - (now + early), interval))
        let most = max(record.lowestValue, ceilDiv(record.anchorMax - (now - slack), interval)) + 1
        if v < least { fail("#\(id) showed \(value) at \(now), less than the \(least) left") }
        // A milestone passed while the engine was suspended, or before a late wakeup (a jump),
        // comes late, above the value then.
        if v > most, !(record.atMilestones && (record.loose || jumping)) {
          fail("#\(id) showed \(value) at \(now), more than one interval over the \(most - 1) left")
        }
      }
      if value == 0, !record.overtime { record.ended = true }
      if record.atMilestones { record.milestonesBelow = v }
    case .countUp:
      if let last = record.last {
        if value < last { fail("#\(id) counted down: \(last) → \(value)") }
        let skipsTheLastGridInstant = now >= lastInstant && value == last + 2
        if !record.loose, !jumping, value != last + 1, !skipsTheLastGridInstant {
          fail("#\(id) skipped or repeated: \(last) → \(value)")
        }
      }
      if !record.pauses {
        let most = max(0, floorDiv(now + early - record.anchorMin, interval))
        let least = max(0, floorDiv(now - slack - record.anchorMax, interval) - 1)
        if v > most || v < least { fail("#\(id) counted \(value) at \(now), outside \(least)...\(most)") }
      }
    }
    record.last = value
    record.mayGoUp = false
    record.awaitsPromptDelivery = false
    if record.looseTwice {
      record.looseTwice = false
    } else {
      record.loose = false
    }
    records[id] = record
  }

  /// The countdowns not ended, cancelled, replaced or released, in the order they were made: what
  /// the checks after an advance walk (a run keeps a record of every registration it made).
  private var runningCountdowns: [(id: Int, record: RegistrationRecord)] {
    records
      .filter { $0.value.kind == .countdown && !$0.value.ended && !$0.value.gone }
      .sorted { $0.key < $1.key }
      .map { (id: $0.key, record: $0.value) }
  }

  /// Checks that every running countdown past its deadline by more than the end tolerance and a
  /// wakeup's lateness (at `now`, with the engine running) has had its 0: the end is an event, on
  /// time, not the next grid instant.
  func checkEnds(at now: Int64) {
    for (id, record) in runningCountdowns {
      guard record.followsTheClock, follows(record), !record.paused, !record.isInOvertime else { continue }
      let due = max(record.anchorMax, record.gridCheckAfter) + endTolerance + slack + early
      if now > due { fail("#\(id) ends at \(record.anchorMax), and had no 0 by \(now)") }
    }
  }

  /// Checks that the engine has a wakeup armed (`wakeup`, the earliest deadline of the clock's
  /// armed timers) by the end of every one-shot still to come: each is woken for on its own, not
  /// only when another countdown's wakeup happens to come first. A one-shot whose wakeup was lost
  /// shows here at once, though a later registration would often rescue it before its end.
  func checkWakeups(_ wakeup: Int64?) {
    for (id, record) in runningCountdowns {
      guard record.onlyTheEnd, record.followsTheClock, follows(record), !record.paused else { continue }
      let latest = record.anchorMax + endTolerance + early
      guard let wakeup, wakeup <= latest else {
        return fail(
          "#\(id) ends at \(record.anchorMax), and no wakeup is armed by \(latest) (the first: \(wakeup.map(String.init) ?? "none"))"
        )
      }
    }
  }

  /// Checks that every running countdown shows its value at `grid`, the last grid instant the
  /// engine has passed: all labels flipped in the same batch. If a late wakeup moved the clock
  /// past a further grid instant, `latest`, values may stand for that one.
  func checkGrid(_ grid: Int64, latest: Int64) {
    for (id, record) in runningCountdowns {
      guard !record.pauses, !record.paused, !record.atMilestones, !record.onlyTheEnd, follows(record),
        let last = record.last, record.gridCheckAfter < grid
      else { continue }
      // An overtime countdown's 0 is its end, an event off the grid (up to `early` before its
      // deadline), as an ended countdown's is; its values below 0 are on the grid again.
      if record.overtime, last == 0 { continue }
      let low = max(record.lowestValue, ceilDiv(record.anchorMin - latest, interval))
      let high = max(record.lowestValue, ceilDiv(record.anchorMax - grid, interval))
      if !(low...high).contains(Int64(last)) {
        fail("#\(id) shows \(last) after the wakeup at \(grid), where the others show their value for it: \(low)")
      }
    }
  }

  /// Marks every record: the next value may skip (the engine was suspended, or time jumped).
  func loosenAll(gridCheckAfter instant: Int64? = nil) {
    for id in records.keys {
      records[id]!.loose = true
      if let instant {
        records[id]!.gridCheckAfter = max(records[id]!.gridCheckAfter, instant)
        // Resuming: a value still owed (a first one, one after a resume of this countdown, or an
        // earlier resume's catch-up) comes before this catch-up, or is it; either may repeat.
        if records[id]!.last == nil || records[id]!.awaitsPromptDelivery { records[id]!.looseTwice = true }
        if !records[id]!.paused, !records[id]!.onlyTheEnd { records[id]!.awaitsPromptDelivery = true }
      }
    }
  }
}
