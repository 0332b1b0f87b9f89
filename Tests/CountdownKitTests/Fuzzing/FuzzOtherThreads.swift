import CountdownKit
import Foundation

/// The fuzzer's other threads: two of them, each from its own seed, calling what may be called
/// off the main actor on the fuzzer's manager (with `Int` ids, never a sentinel's) and on
/// engines, instants, formats and snapshots of their own, while the main thread makes its calls.
/// Their interleaving is the scheduler's: a seed replays each thread's calls, not their order.
final class FuzzOtherThreads: Sendable {
  private let manager: CountdownManager
  private let settings: FuzzSettings
  private let failures = LockedState<[String]>([])
  private let done = DispatchGroup()
  private static let threads = 2

  init(manager: CountdownManager, settings: FuzzSettings) {
    self.manager = manager
    self.settings = settings
  }

  var calls: Int { Self.threads * callsPerThread }
  private var callsPerThread: Int { settings.calls / 4 }

  func start() {
    for thread in 0..<Self.threads {
      done.enter()
      let seed = settings.seed &+ UInt64(thread + 1) &* 0x9E37_79B9
      Thread { [self] in
        var random = FuzzRandom(seed: seed)
        for call in 0..<callsPerThread {
          makeCall(&random, where: "seed \(settings.seed), thread \(thread) (seed \(seed)), call \(call)")
        }
        done.leave()
      }.start()
    }
  }

  /// Waits for the threads; returns what they found.
  func finish() -> [String] {
    done.wait()
    return failures.withLock { $0 }
  }

  private func expect(
    _ documented: [CountdownError], _ name: String, at place: String, _ body: () throws(CountdownError) -> Void
  ) {
    do throws(CountdownError) {
      try body()
    } catch {
      guard !documented.contains(error) else { return }
      failures.withLock { $0.append("\(place) (\(name)): threw \(error), documented: \(documented)") }
    }
  }

  private func makeCall(_ random: inout FuzzRandom, where place: String) {
    let id = random.below(6)
    switch random.below(8) {
    case 0:
      let duration = random.duration()
      let deliveries = random.deliveries()
      let (policy, ending) = (random.policy(), random.ending())
      expect(
        FuzzDocumentedErrors.startFor(deliveries, ending), "start(id: \(id), for: \(duration), \(deliveries))",
        at: place
      ) {
        () throws(CountdownError) in
        try manager.start(id: id, for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending) {
          _, _, _ in
        }
      }
    case 1:
      let seconds = random.double()
      expect(
        FuzzDocumentedErrors.startSeconds(.everyChange, .stops), "start(id: \(id), seconds: \(seconds))", at: place
      ) {
        () throws(CountdownError) in
        try manager.start(id: id, seconds: seconds) { _, _, _ in }
      }
    case 2:
      let date = random.date(around: Date())
      let deliveries = random.deliveries()
      expect(
        FuzzDocumentedErrors.startUntil(deliveries, .stops),
        "start(id: \(id), until: \(date.timeIntervalSinceReferenceDate))",
        at: place
      ) {
        () throws(CountdownError) in
        try manager.start(id: id, until: date, delivering: deliveries) { _, _, _ in }
      }
    case 3:
      let time = random.duration()
      expect(FuzzDocumentedErrors.addTime, "addTime(\(time), id: \(id))", at: place) { () throws(CountdownError) in
        try manager.addTime(time, id: id)
      }
    case 4:
      switch random.below(4) {
      case 0: manager.cancel(id: id)
      case 1: manager.pause(id: id)
      case 2: manager.resume(id: id)
      default: manager.listen(id: id) { _, value, stop in stop = value > 1 }
      }
      _ = (
        manager.timerDates(id: id), manager.timeLeft(id: id), manager.contains(id: id), manager.snapshot(of: Int.self)
      )
    case 5:
      let serverNow = random.date(around: Date())
      expect(
        FuzzDocumentedErrors.calibrate, "calibrate(serverNow: \(serverNow.timeIntervalSinceReferenceDate))", at: place
      ) { () throws(CountdownError) in
        try manager.calibrate(serverNow: serverNow)
      }
    case 6:
      let remaining = RemainingTime(random.duration())
      _ = remaining.formatted(
        random.pick([.clock, .units, .spelledOut]), locale: Locale(identifier: random.localeIdentifier()))
      let instant = CountdownInstant(nanosecondsSinceOrigin: random.int64())
      _ = (instant.advanced(by: random.duration()), instant.duration(to: .init(nanosecondsSinceOrigin: random.int64())))
      _ = try? CountdownSnapshot<Int>(decoding: random.bytes(upTo: 100))
    default:
      let interval = random.duration()
      let alignment = random.alignment()
      expect(
        FuzzDocumentedErrors.newManager(alignment, endTolerance: nil), "CountdownEngine(interval: \(interval))",
        at: place
      ) {
        () throws(CountdownError) in
        let engine = try CountdownEngine(
          interval: interval, alignment: alignment, clock: ManualCountdownClock(),
          deliveryQueue: DispatchQueue(label: "fuzz thread engine"))
        let key = CountdownLabelBox()
        let target = CountdownTarget.duration(random.duration())
        let deliveries = random.deliveries()
        expect(FuzzDocumentedErrors.register(deliveries), "register(\(target), \(deliveries))", at: place) {
          () throws(CountdownError) in
          try engine.register(key, target, delivering: deliveries) { _, _ in }
        }
        _ = engine.pause(key)
        _ = try? engine.addTime(random.duration(), to: key)
        _ = (engine.resume(key), engine.value(for: key), engine.cancel(key))
      }
    }
  }
}
