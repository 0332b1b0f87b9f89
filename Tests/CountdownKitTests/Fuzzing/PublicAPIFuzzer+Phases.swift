import CountdownKit
import Foundation

// Countdowns in phases: plans of hostile phases, blocks and repetitions, their `Codable` path, a
// start with a plan, and the operations that walk it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  func phases() {
    switch random.below(8) {
    case 0, 1, 2: startWithAPlan()
    case 3, 4: walkAPlan()
    case 5: decodeAPlan()
    case 6: phaseWithSeconds()
    default: hostilePlan()
    }
  }

  /// A plan made of hostile parts, or `nil` where the plan's initializer refused it with an error
  /// its documentation names.
  @discardableResult
  func hostilePlan() -> CountdownPlan? {
    let warmUp = hostilePhases(upTo: 2)
    let blocks = (0..<random.below(4)).map { _ in
      CountdownPlan.Block(
        hostilePhases(upTo: 4), repeated: hostileRepetition(),
        longBreak: random.oneIn(3) ? hostilePhase() : nil, every: hostileCount())
    }
    let coolDown = hostilePhases(upTo: 2)
    let description =
      "\(warmUp.map(\.duration)) \(blocks.map { "\($0.phases.map(\.duration)) \($0.repetition) long \(String(describing: $0.longBreak?.duration)) every \($0.longBreakEvery)" }) \(coolDown.map(\.duration))"
    begin("CountdownPlan(warmUp:blocks:coolDown:) \(description.prefix(300))")
    var plan: CountdownPlan?
    expect(FuzzDocumentedErrors.plan) { () throws(CountdownError) in
      plan = try CountdownPlan(warmUp: warmUp, blocks: blocks, coolDown: coolDown)
    }
    if let plan {
      // Read as an app reads it: neither traps, and they agree.
      if let count = plan.phaseCount, count < 1 { fail("a plan of \(count) phases") }
      if let total = plan.totalDuration, total <= .zero { fail("a plan lasting \(total)") }
      if (plan.phaseCount == nil) != (plan.totalDuration == nil) {
        fail(
          "phaseCount \(String(describing: plan.phaseCount)), totalDuration \(String(describing: plan.totalDuration))")
      }
    }
    return plan
  }

  private func hostilePhases(upTo count: Int) -> [CountdownPhase] {
    (0..<random.below(count + 1)).map { _ in hostilePhase() }
  }

  private func hostilePhase() -> CountdownPhase {
    // Mostly a phase the sentinels' clock walks in a few seconds, else any duration.
    let duration = random.oneIn(5) ? random.duration() : .milliseconds(1 + random.below(3_000))
    return CountdownPhase(
      random.text(), duration, purpose: random.bool() ? .work : .recovery, pausesAfter: random.oneIn(6),
      userInfo: random.oneIn(4) ? [random.text(): random.text()] : [:])
  }

  private func hostileRepetition() -> CountdownPlan.Repetition {
    switch random.below(6) {
    case 0: .forever
    case 1: .lasting(random.duration())
    case 2: .times(hostileCount())
    default: .times(1 + random.below(5))
    }
  }

  /// A count: often small, else an edge (zero, negative, huge).
  private func hostileCount() -> Int {
    random.oneIn(3) ? random.pick([0, -1, Int.min, Int.max, Int.max / 2, 1 << 40, 1]) : 1 + random.below(6)
  }

  /// `CountdownPhase(_:seconds:)` with hostile seconds: NaN, infinities, negative, huge.
  private func phaseWithSeconds() {
    let seconds = random.double()
    begin("CountdownPhase(_:seconds: \(seconds))")
    var phase: CountdownPhase?
    expect(FuzzDocumentedErrors.phaseSeconds) { () throws(CountdownError) in
      phase = try CountdownPhase("p", seconds: seconds)
    }
    if let phase, phase.duration < .zero { fail("a phase of \(phase.duration) from \(seconds) s") }
  }

  /// A start with a hostile plan (or a good one) and random options, on a string id: a refused
  /// start leaves the id's countdown, of either kind, as it was.
  private func startWithAPlan() {
    guard let plan = hostilePlan() else { return }
    let id = random.pick(stringIDs)
    let (policy, deliveries) = (random.policy(), random.deliveries())
    begin("start(id:plan:whileSuspended: \(policy), delivering: \(deliveries)) of \(plan.phaseCount ?? -1) phases")
    let stoppedPlans = stoppedPlans
    expect(FuzzDocumentedErrors.startPlan(deliveries), leaving: .stringID(id)) { () throws(CountdownError) in
      try manager.start(id: id, plan: plan, whileSuspended: policy, delivering: deliveries) { _, update, stop in
        // Read what an app reads; stop now and then.
        _ = (update.position?.phase.name, update.phaseEnds.count, update.earlierPhaseEnds?.count)
        stop = update.remaining == 1
        if stop { stoppedPlans.withLock { _ = $0.insert(id) } }
      }
    }
  }

  /// Skip, restart, go back and read the position of a string id: each says whether the id has a
  /// countdown in phases, and each of the first three keeps it one (or ends it, at the last phase,
  /// or by its handler's `stop` at the call that tells the move: a phase of one value left).
  private func walkAPlan() {
    let id = random.pick(stringIDs)
    let had = manager.phasePosition(id: id) != nil
    stoppedPlans.withLock { _ = $0.remove(id) }
    let operation = random.below(4)
    begin(
      ["skipPhase", "restartPhase", "goToPreviousPhase", "phasePosition"][operation]
        + "(id: \(id.prefix(8)))\(had ? " in phases" : "")")
    let done: Bool
    switch operation {
    case 0: done = manager.skipPhase(id: id)
    case 1: done = manager.restartPhase(id: id)
    case 2: done = manager.goToPreviousPhase(id: id)
    default: done = manager.phasePosition(id: id) != nil
    }
    if done != had { fail("returned \(done) for an id \(had ? "with" : "without") a countdown in phases") }
    let stoppedItself = stoppedPlans.withLock { $0.contains(id) }
    if operation == 1 || operation == 2, had, !stoppedItself, manager.phasePosition(id: id) == nil {
      fail("the countdown in phases is gone")
    }
    if let position = manager.phasePosition(id: id) {
      // Never below nothing; above the phase's written length only by time added to it, which the
      // other threads do (`addTime(_:id:)`) unseen by this one: no upper bound holds here.
      if position.timeLeftInPhase < .zero {
        fail("\(position.timeLeftInPhase) left in a phase of \(position.phase.duration)")
      }
      if let inPlan = position.timeLeftInPlan, inPlan < position.timeLeftInPhase {
        fail("\(inPlan) left in the plan, \(position.timeLeftInPhase) in the phase")
      }
    }
  }

  /// A plan's `Codable` path: a plan written and read back is equal; hostile bytes throw what the
  /// decoder or the plan's checks throw.
  private func decodeAPlan() {
    let data: Data
    if random.bool(), let plan = hostilePlan() {
      begin("CountdownPlan round trip")
      guard let encoded = try? JSONEncoder().encode(plan) else { return fail("a plan did not encode") }
      do {
        let again = try JSONDecoder().decode(CountdownPlan.self, from: encoded)
        if again != plan { fail("read back as another plan") }
      } catch {
        fail("a plan written did not read back: \(error)")
      }
      return
    } else if random.bool() {
      data = random.bytes()
    } else {
      // Valid JSON of the plan's shape with hostile values.
      let phase =
        "{\"name\":\"x\",\"duration\":[\(random.int64()),\(random.int64())],\"purpose\":\"work\",\"pausesAfter\":false,\"userInfo\":{}}"
      let repetition = random.pick([
        "{\"times\":\(random.int())}", "{\"forever\":true}", "{\"lasting\":[\(random.int64()),0]}", "{}",
      ])
      let block = "{\"phases\":[\(phase)],\"repetition\":\(repetition),\"longBreakEvery\":\(random.int())}"
      data = Data(random.pick(["{\"blocks\":[\(block)]}", "{\"warmUp\":[\(phase)]}", "{}", "[]"]).utf8)
    }
    begin("JSONDecoder().decode(CountdownPlan.self) of \(data.count) bytes")
    do {
      _ = try JSONDecoder().decode(CountdownPlan.self, from: data)
    } catch let error as CountdownError {
      if !FuzzDocumentedErrors.plan.contains(error) { fail("threw \(error), documented: \(FuzzDocumentedErrors.plan)") }
    } catch is DecodingError {
      // The decoder's own errors: documented.
    } catch {
      fail("threw \(error), neither the decoder's nor the plan's")
    }
  }
}
