import CountdownKit
import Foundation

// The engine's own API: clocks, new engines and managers of any settings, instants.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  /// Hostile moves of a clock that drives nothing, and new manual clocks with any jitter.
  func hostileClocks() {
    let duration = random.duration()
    switch random.below(4) {
    case 0:
      begin("scratch clock: advance(by: \(duration))")
      expect(FuzzDocumentedErrors.clockMove) { () throws(CountdownError) in try scratchClock.advance(by: duration) }
    case 1:
      begin("scratch clock: jump(by: \(duration))")
      expect(FuzzDocumentedErrors.clockMove) { () throws(CountdownError) in try scratchClock.jump(by: duration) }
    case 2:
      let instant = CountdownInstant(nanosecondsSinceOrigin: random.int64())
      begin("scratch clock: advance(to: \(instant))")
      expect(FuzzDocumentedErrors.clockAdvanceTo) { () throws(CountdownError) in try scratchClock.advance(to: instant) }
    default:
      let jitter = ManualClockJitter(
        late: random.duration(), early: random.duration(), drift: random.duration(), seed: random.next())
      let now = CountdownInstant(nanosecondsSinceOrigin: random.int64())
      begin("ManualCountdownClock(now: \(now), jitter: \(jitter))")
      expect(FuzzDocumentedErrors.clockMove) { () throws(CountdownError) in
        let clock = try ManualCountdownClock(now: now, jitter: jitter)
        _ = (clock.now, clock.liveTimerCount, clock.armedTimerCount, clock.minimumResolution)
      }
      _ = ManualCountdownClock(now: now).now
    }
    _ = (scratchClock.now, scratchClock.liveTimerCount)
  }

  func newManager() {
    let (interval, alignment) = (random.duration(), random.alignment())
    let endTolerance: Duration? = random.bool() ? nil : random.duration()
    begin(
      "CountdownManager(interval: \(interval), alignment: \(alignment), endTolerance: \(String(describing: endTolerance)))"
    )
    expect(FuzzDocumentedErrors.newManager(alignment, endTolerance: endTolerance)) { () throws(CountdownError) in
      let other = try CountdownManager(
        interval: interval, alignment: alignment, endTolerance: endTolerance, clock: ManualCountdownClock(),
        wallClock: { Date(timeIntervalSinceReferenceDate: .nan) })
      let duration = random.duration()
      let deliveries = random.deliveries()
      begin("on a new manager of \(interval): start(id:for: \(duration)), addTime, snapshot")
      expect(FuzzDocumentedErrors.startFor(deliveries, .stops)) { () throws(CountdownError) in
        try other.start(id: 1, for: duration, delivering: deliveries) { _, _, _ in }
      }
      expect(FuzzDocumentedErrors.addTime) { () throws(CountdownError) in try other.addTime(random.duration(), id: 1) }
      _ = (other.timerDates(id: 1), other.snapshot(of: Int.self), other.engine.statistics)
      other.cancelAll()
    }
  }

  func newEngine() {
    let (interval, alignment) = (random.duration(), random.alignment())
    let endTolerance: Duration? = random.bool() ? nil : random.duration()
    begin(
      "CountdownEngine(interval: \(interval), alignment: \(alignment), endTolerance: \(String(describing: endTolerance)))"
    )
    expect(FuzzDocumentedErrors.newManager(alignment, endTolerance: endTolerance)) { () throws(CountdownError) in
      // A real clock only for an interval it can keep without spinning a core.
      let real = random.bool() && interval >= .milliseconds(10) && interval <= .seconds(3_600)
      let clock: any CountdownClock = real ? .adapting(ContinuousClock()) : ManualCountdownClock()
      let engine = try CountdownEngine(
        interval: interval, alignment: alignment, endTolerance: endTolerance, clock: clock,
        deliveryQueue: DispatchQueue(label: "fuzz engine"))
      let receivers = (0..<3).map { _ in CountdownLabelBox() }
      for receiver in receivers {
        let target: CountdownTarget =
          switch random.below(3) {
          case 0: .duration(random.duration())
          case 1: .deadline(CountdownInstant(nanosecondsSinceOrigin: random.int64()))
          default: .countingUp
          }
        let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
        begin("register(\(target), \(policy), \(deliveries), \(ending)) on an engine of \(interval)")
        expect(FuzzDocumentedErrors.register(deliveries)) { () throws(CountdownError) in
          try engine.register(receiver, target, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending) {
            _, stop in stop = true
          }
        }
      }
      let receiver = random.pick(receivers)
      let time = random.duration()
      begin("engine: addTime(\(time)), pause, resume, queries")
      expect(FuzzDocumentedErrors.addTime) { () throws(CountdownError) in try engine.addTime(time, to: receiver) }
      _ = (engine.pause(receiver), engine.resume(receiver), engine.value(for: receiver), engine.timeLeft(for: receiver))
      _ = (engine.contains(receiver), engine.count, engine.statistics, engine.interval, engine.alignment)
      _ = (engine.endTolerance, engine.isSuspended, engine.deliveryQueue)
      engine.suspendTicking()
      engine.resumeTicking()
      engine.cancel(random.pick(receivers))
      engine.cancelAll()
    }
  }

  func instants() {
    let instant = CountdownInstant(nanosecondsSinceOrigin: random.int64())
    let other = CountdownInstant(nanosecondsSinceOrigin: random.int64())
    let duration = random.duration()
    begin("CountdownInstant \(instant): advanced(by: \(duration)), exactlyAdvanced, duration(to: \(other))")
    _ = instant.advanced(by: duration)
    expect(FuzzDocumentedErrors.exactlyAdvanced) { () throws(CountdownError) in
      _ = try instant.exactlyAdvanced(by: duration)
    }
    _ = (instant.duration(to: other), instant < other, instant.description, CountdownInstant.zero)
  }

  /// The manual clock as a Swift `Clock`: tasks sleep on the scratch clock until hostile instants
  /// (woken by its advances, or cancelled as they are dropped), and what `Clock` offers around it.
  func manualClockAsAClock() {
    let clock = scratchClock
    let deadline =
      random.bool()
      ? clock.now.advanced(by: random.duration()) : CountdownInstant(nanosecondsSinceOrigin: random.int64())
    let tolerance: Duration? = random.bool() ? nil : random.duration()
    let duration = random.duration()
    begin(
      "scratch clock as a Clock: sleep(until: \(deadline), tolerance: \(String(describing: tolerance))), sleep(for: \(duration))"
    )
    keep(
      Task.detached {
        // Cancelled, or woken by an advance; a deadline already past returns at once.
        try? await clock.sleep(until: deadline, tolerance: tolerance)
        try? await Task.sleep(until: deadline, tolerance: tolerance, clock: clock)
        try? await clock.sleep(for: duration)
      })
    _ = (clock.now, clock.minimumResolution, clock.measure {}, clock.now.advanced(by: duration))
    if random.oneIn(3) {
      expect(FuzzDocumentedErrors.clockMove) { () throws(CountdownError) in
        try clock.advance(by: .milliseconds(random.below(3_000)))
      }
    }
  }
}
