import CountdownKit
import Foundation

// The manager's countdowns: starts by receiver and by id, their controls, one-shots, streams,
// read-aloud, calibration, suspension and the sentinels' clock.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  func startReceiver() {
    let label = random.pick(labels)
    let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
    var show: @MainActor @Sendable (CountdownLabel, Int, inout Bool) -> Void = { label, value, _ in
      label.text = String(value)
    }
    if random.oneIn(4) { show = reentry.receiverHandler() }
    switch random.below(4) {
    case 0:
      let duration = random.duration()
      begin("start(_:for: \(duration), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startFor(deliveries, ending), leaving: .label(label)) { () throws(CountdownError) in
        try manager.start(
          label, for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, show)
      }
    case 1:
      let seconds = random.double()
      begin("start(_:seconds: \(seconds), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startSeconds(deliveries, ending), leaving: .label(label)) {
        () throws(CountdownError) in
        try manager.start(
          label, seconds: seconds, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, show)
      }
    case 2:
      let date = random.date(around: wall.now)
      begin("start(_:until: \(date.timeIntervalSinceReferenceDate), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startUntil(deliveries, ending), leaving: .label(label)) {
        () throws(CountdownError) in
        try manager.start(label, until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, show)
      }
    default:
      begin("listen(_:)")
      manager.listen(label, whileSuspended: policy) { label, value, stop in
        label.text = String(value)
        stop = value > 3
      }
    }
  }

  func startID() {
    let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
    let useInt = random.bool()
    let stringID = random.pick(stringIDs)
    let intID = Self.mainThreadIntID(random.int())
    var ignore: @MainActor @Sendable (String, Int, inout Bool) -> Void = { _, _, _ in }
    if random.oneIn(4) { ignore = reentry.idHandler() }
    let ignoreInt: @MainActor (Int, Int, inout Bool) -> Void = { _, _, _ in }
    switch random.below(4) {
    case 0:
      let duration = random.duration()
      begin("start(id:for: \(duration), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startFor(deliveries, ending), leaving: useInt ? .intID(intID) : .stringID(stringID)) {
        () throws(CountdownError) in
        if useInt {
          try manager.start(
            id: intID, for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, ignoreInt)
        } else {
          try manager.start(
            id: stringID, for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, ignore)
        }
      }
    case 1:
      let seconds = random.double()
      begin("start(id:seconds: \(seconds), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startSeconds(deliveries, ending), leaving: .stringID(stringID)) {
        () throws(CountdownError) in
        try manager.start(
          id: stringID, seconds: seconds, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, ignore)
      }
    case 2:
      let date = random.date(around: wall.now)
      begin("start(id:until: \(date.timeIntervalSinceReferenceDate), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startUntil(deliveries, ending), leaving: .intID(intID)) {
        () throws(CountdownError) in
        try manager.start(
          id: intID, until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, ignoreInt)
      }
    default:
      begin("listen(id:)")
      manager.listen(id: stringID, whileSuspended: policy) { _, value, stop in stop = value > 2 }
    }
  }

  func controlReceiverOrID() {
    let label = random.pick(labels)
    let id = random.pick(stringIDs)
    begin("cancel, pause, resume and queries of a receiver and of \(id)")
    switch random.below(5) {
    case 0:
      manager.cancel(label)
      manager.cancel(id: id)
      manager.cancel(id: random.int())
    case 1:
      manager.pause(label)
      manager.pause(id: id)
    case 2:
      manager.resume(label)
      manager.resume(id: id)
    default:
      _ = (manager.contains(label), manager.contains(id: id), manager.timeLeft(for: label), manager.timeLeft(id: id))
      _ = (manager.count, manager.endDate(id: id), manager.timerDates(id: id), manager.timerInterval(id: id))
      _ = (manager.isPaused(id: id), manager.timerDates(id: random.int())?.isFrozen, manager.serverOffset)
      _ = (manager.endedAgo(id: id), manager.endedAgo(id: random.int()))
    }
  }

  func addTime() {
    let time = random.duration()
    let label = random.pick(labels)
    let id = random.pick(stringIDs)
    if random.bool() {
      begin("addTime(\(time), to: \(label.name))")
      expect(FuzzDocumentedErrors.addTime, leaving: .label(label)) { () throws(CountdownError) in
        try manager.addTime(time, to: label)
      }
    } else {
      begin("addTime(\(time), id: \(id.prefix(8)))")
      expect(FuzzDocumentedErrors.addTime, leaving: .stringID(id)) { () throws(CountdownError) in
        try manager.addTime(time, id: id)
      }
    }
  }

  func oneShot() {
    if random.bool() {
      let delay = random.duration()
      begin("after(\(delay))")
      expect(FuzzDocumentedErrors.afterDelay) { () throws(CountdownError) in
        handles.append(try manager.after(delay) {})
      }
    } else {
      let date = random.date(around: wall.now)
      begin("after(at: \(date.timeIntervalSinceReferenceDate))")
      expect(FuzzDocumentedErrors.afterDate) { () throws(CountdownError) in
        handles.append(try manager.after(at: date) {})
      }
    }
    if handles.count > 16 { handles.removeFirst().cancel() }
    _ = handles.last?.isActive
  }

  func asyncValues() {
    let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
    if random.bool() {
      let duration = random.duration()
      begin("values(for: \(duration), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startFor(deliveries, ending)) { () throws(CountdownError) in
        _ = try manager.values(for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      }
    } else {
      let date = random.date(around: wall.now)
      begin("values(until: \(date.timeIntervalSinceReferenceDate), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startUntil(deliveries, ending)) { () throws(CountdownError) in
        _ = try manager.values(until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      }
    }
  }

  func readAloud() {
    let times = random.durations()
    let locale = Locale(identifier: random.localeIdentifier())
    let template: String? = random.bool() ? nil : random.text()
    switch random.below(4) {
    case 0:
      begin("milestones(\(times))")
      expect(FuzzDocumentedErrors.milestones) { () throws(CountdownError) in _ = try manager.milestones(times) }
    case 1:
      begin("readAloud(at: \(times), locale: \(locale.identifier), template: \(String(describing: template)))")
      expect(FuzzDocumentedErrors.milestones) { () throws(CountdownError) in
        readAlouds.append(try manager.readAloud(at: times, locale: locale, template: template, announcer: announcer))
      }
    case 2:
      let interval = random.duration()
      begin("CountdownReadAloud(at: \(times), interval: \(interval), locale: \(locale.identifier))")
      expect(FuzzDocumentedErrors.readAloud) { () throws(CountdownError) in
        readAlouds.append(
          try CountdownReadAloud(
            at: times, interval: interval, locale: locale, template: template, announcer: announcer))
      }
    default:
      guard let readAloud = readAlouds.last else { return }
      let value = random.int()
      let name = random.text()
      begin("read(\(value)), phrase(for: \(value)), phrase(for: \(value), phase: \(name.debugDescription))")
      readAloud.read(value)
      _ = readAloud.phrase(for: value)
      _ = readAloud.phrase(for: value, phase: CountdownPhase(name, .seconds(1)))
      _ = readAloud.deliveries
      if let model = models.last { readAloud.read(model) }
    }
    if readAlouds.count > 8 { readAlouds.removeFirst() }
  }

  func calibrate() {
    let serverNow = random.date(around: wall.now)
    let receivedAt: Date? = random.bool() ? nil : random.date(around: wall.now)
    begin(
      "calibrate(serverNow: \(serverNow.timeIntervalSinceReferenceDate), receivedAt: \(String(describing: receivedAt?.timeIntervalSinceReferenceDate)))"
    )
    expect(FuzzDocumentedErrors.calibrate) { () throws(CountdownError) in
      try manager.calibrate(serverNow: serverNow, receivedAt: receivedAt)
    }
    // The other threads calibrate the shared manager too: a refusal's offset is checked here.
    expect(FuzzDocumentedErrors.calibrate, leaving: .calibration(quietManager)) { () throws(CountdownError) in
      try quietManager.calibrate(serverNow: serverNow, receivedAt: receivedAt)
    }
  }

  func suspendOrResume() {
    begin("suspendTicking, resumeTicking, suspendAndResume(on:and:center:)")
    switch random.below(3) {
    case 0: manager.suspendTicking()
    case 1: manager.resumeTicking()
    default:
      let observation = manager.suspendAndResume(
        on: LifecycleObservation.platformSuspendNames + [.init(random.text())],
        and: LifecycleObservation.platformResumeNames + [.init(random.text())], center: notifications)
      notifications.post(name: .init(random.text()), object: nil)
      observation.cancel()
      manager.resumeTicking()
    }
    _ = manager.isSuspended
  }

  /// Moves the clock the sentinels run on: a few ticks at most, or a move it must refuse.
  func advanceTheSentinelsClock() {
    let duration = random.shortOrRefusedAdvance()
    switch random.below(3) {
    case 0:
      begin("sentinels' clock: advance(by: \(duration))")
      expect(FuzzDocumentedErrors.clockMove) { () throws(CountdownError) in try clock.advance(by: duration) }
    case 1:
      begin("sentinels' clock: jump(by: \(duration))")
      expect(FuzzDocumentedErrors.clockMove) { () throws(CountdownError) in try clock.jump(by: duration) }
    default:
      let instant =
        random.bool() ? clock.now.advanced(by: duration) : CountdownInstant(nanosecondsSinceOrigin: random.int64())
      guard instant.duration(to: clock.now) <= .zero || random.oneIn(2) else { return }
      guard clock.now.duration(to: instant) < .seconds(3) else { return }
      begin("sentinels' clock: advance(to: \(instant))")
      expect(FuzzDocumentedErrors.clockAdvanceTo) { () throws(CountdownError) in try clock.advance(to: instant) }
    }
  }

  /// An `Int` id of the main thread's: never one of those the other threads use (0 to 5), so that
  /// what it reads of its target is its own doing.
  static func mainThreadIntID(_ value: Int) -> Int {
    (0..<6).contains(value) ? value + 1_000 : value
  }

  /// Streams iterated as an app's task does, on another thread, for a few values, then dropped or
  /// cancelled (which cancels the countdown).
  func iterateStreams() {
    let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
    let duration = random.oneIn(3) ? random.duration() : .seconds(random.below(6))
    let limit = random.below(4)
    begin("values(for: \(duration), \(deliveries)), iterated for \(limit) values")
    expect(FuzzDocumentedErrors.startFor(deliveries, ending)) { () throws(CountdownError) in
      let stream = try manager.values(for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      keep(
        Task.detached {
          var count = 0
          for await _ in stream {
            count += 1
            if count >= limit { break }
          }
        })
    }
    if random.oneIn(4), let task = tasks.first {
      task.cancel()
      tasks.removeFirst()
    }
  }
}
