import CountdownKit
import Foundation

// Formatting, observable models and lists, snapshots and stores, and the small value types.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension PublicAPIFuzzer {
  func formatting() {
    let remaining = random.bool() ? RemainingTime(random.duration()) : RemainingTime(seconds: random.int())
    let style = random.pick([RemainingTime.Style.clock, .units, .spelledOut])
    let locale = Locale(identifier: random.localeIdentifier())
    begin("RemainingTime \(remaining.duration): formatted(\(style), locale: \(locale.identifier))")
    _ = remaining.formatted(style, locale: locale)
    _ = (remaining.days, remaining.hours, remaining.minutes, remaining.seconds, remaining.isOvertime)
    _ = (remaining.description, remaining.formatted(.countdown(style)))
    _ = CountdownFormatStyle(style, locale: locale).locale(locale).format(remaining)
    _ = CountdownFormatStyle.countdown.format(remaining)
    _ = try? JSONDecoder().decode(RemainingTime.Style.self, from: random.bytes())
  }

  func observableModel() {
    let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
    switch random.below(5) {
    case 0:
      let duration = random.duration()
      begin("countdown(for: \(duration), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startFor(deliveries, ending)) { () throws(CountdownError) in
        models.append(
          try manager.countdown(for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending))
      }
    case 1:
      let date = random.date(around: wall.now)
      begin("countdown(until: \(date.timeIntervalSinceReferenceDate), \(policy), \(deliveries), \(ending))")
      expect(FuzzDocumentedErrors.startUntil(deliveries, ending)) { () throws(CountdownError) in
        models.append(
          try manager.countdown(until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending))
      }
    case 2:
      guard let model = models.last else { return }
      let duration = random.duration()
      let date = random.date(around: wall.now)
      begin("model: restart(for: \(duration)), restart(until: \(date.timeIntervalSinceReferenceDate))")
      expect(FuzzDocumentedErrors.startFor(deliveries, ending), leaving: .model(model)) { () throws(CountdownError) in
        try model.restart(for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      }
      expect(FuzzDocumentedErrors.startUntil(deliveries, ending), leaving: .model(model)) {
        () throws(CountdownError) in
        try model.restart(until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      }
    case 3:
      guard let model = models.last else { return }
      let time = random.duration()
      begin("model: addTime(\(time)), pause, resume")
      expect(FuzzDocumentedErrors.modelAddTime, leaving: .model(model)) { () throws(CountdownError) in
        _ = try model.addTime(time)
      }
      _ = random.bool() ? model.pause() : model.resume()
      model.refreshDates()
    default:
      guard let model = random.bool() ? models.first : models.last else { return }
      begin("model: queries, snapshot(id:), cancel")
      _ = (model.remaining, model.hasEnded, model.isOvertime, model.remainingTime, model.isPaused, model.isActive)
      _ = (model.timerDates, model.endDate, model.timerInterval, model.pauseTime, model.snapshot(id: random.text()))
      if random.oneIn(3) { model.cancel() }
    }
    if models.count > 8 { models.removeFirst().cancel() }
  }

  func observableList() {
    let id = random.pick(stringIDs)
    let (policy, deliveries, ending) = (random.policy(), random.deliveries(), random.ending())
    switch random.below(5) {
    case 0:
      let duration = random.duration()
      begin("list: start(id: \(id), for: \(duration), \(deliveries))")
      expect(FuzzDocumentedErrors.startFor(deliveries, ending), leaving: .list) { () throws(CountdownError) in
        _ = try list.start(id: id, for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      }
    case 1:
      let date = random.date(around: wall.now)
      begin("list: start(id: \(id), until: \(date.timeIntervalSinceReferenceDate), \(deliveries))")
      expect(FuzzDocumentedErrors.startUntil(deliveries, ending), leaving: .list) { () throws(CountdownError) in
        _ = try list.start(id: id, until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
      }
    case 2:
      let time = random.duration()
      begin("list: addTime(\(time), id: \(id))")
      expect(FuzzDocumentedErrors.modelAddTime, leaving: .list) { () throws(CountdownError) in
        _ = try list.addTime(time, id: id)
      }
    case 3:
      begin("list: snapshot, restore, remove")
      let snapshot = random.bool() ? list.snapshot() : hostileSnapshot()
      expectSnapshot(FuzzDocumentedErrors.listRestore, leaving: .list) { () throws(CountdownSnapshotError) in
        _ = try list.restore(snapshot)
      }
      _ = random.oneIn(3) ? list.removeAll() : ()
    default:
      begin("list: queries, remove(id: \(id))")
      _ = (list.ids, list[id], list.remaining(id: id), list.remove(id: id))
    }
  }

  /// A snapshot no encoder wrote: hostile dates, times, lengths, options and ids (never a
  /// sentinel's), repeated ids, every kind.
  func hostileSnapshot() -> CountdownSnapshot<String> {
    var entries = (0..<random.below(4)).map { _ in
      CountdownSnapshot<String>.Entry(
        id: random.pick(stringIDs), kind: random.oneIn(4) ? .countingUp : .countdown, policy: random.policy(),
        deliveries: random.deliveries(), isPaused: random.oneIn(3),
        date: random.oneIn(4) ? nil : random.date(around: wall.now), time: random.oneIn(2) ? nil : random.duration(),
        length: random.oneIn(2) ? nil : random.duration(), ending: random.ending())
    }
    // The same entry twice: a repeated id, once the first passes its checks.
    if random.oneIn(4), let first = entries.first { entries.append(first) }
    let offset: Duration? = random.bool() ? nil : random.duration()
    return CountdownSnapshot(
      takenAt: random.date(around: wall.now), serverOffset: offset, entries: entries,
      phaseEntries: random.oneIn(3) ? hostilePhaseEntries() : [])
  }

  /// Countdowns in phases no snapshot of a manager holds: phases the plan does not have, times and
  /// dates no phase can have, a policy a start refuses, ids of countdowns or twice.
  func hostilePhaseEntries() -> [CountdownSnapshot<String>.PhaseEntry] {
    (0..<random.below(3)).compactMap { _ in
      let phases = [
        CountdownPhase("a", random.duration()), CountdownPhase("b", random.duration(), pausesAfter: random.bool()),
      ]
      let repetition: CountdownPlan.Repetition = random.bool() ? .forever : .times(1 + random.below(3))
      guard let plan = try? CountdownPlan(blocks: [.init(phases, repeated: repetition)]) else { return nil }
      return CountdownSnapshot<String>.PhaseEntry(
        id: random.pick(stringIDs), plan: plan, ordinal: random.below(8) - 1, policy: random.policy(),
        deliveries: random.deliveries(), isPaused: random.oneIn(3),
        date: random.oneIn(4) ? nil : random.date(around: wall.now), time: random.oneIn(2) ? nil : random.duration())
    }
  }

  /// A snapshot's bytes: random, truncated, with a byte changed, or whole (a hostile snapshot's, whose
  /// checks come after the decoding: repeated ids, offsets and entries no countdown can have).
  func damagedSnapshotBytes() -> Data {
    var own = manager.snapshot(of: String.self)
    own.entries.removeAll { sentinels.isSentinel($0.id) }  // restoring them would restart them
    guard random.bool(), var data = try? JSONEncoder().encode(random.bool() ? hostileSnapshot() : own) else {
      return random.bytes(upTo: 200)
    }
    if random.oneIn(3) { return data }
    if data.isEmpty || random.bool() {
      return data.prefix(random.below(data.count + 1))
    }
    data[random.below(data.count)] = UInt8(truncatingIfNeeded: random.next())
    return data
  }

  func snapshots() {
    switch random.below(5) {
    case 0:
      // Damaged bytes, or a hostile snapshot's whole: its checks come after the decoding.
      let data = random.bool() ? damagedSnapshotBytes() : (try? JSONEncoder().encode(hostileSnapshot())) ?? Data()
      begin("CountdownSnapshot(decoding: \(data.count) bytes)")
      expectSnapshot(FuzzDocumentedErrors.decoding) { () throws(CountdownSnapshotError) in
        _ = try CountdownSnapshot<String>(decoding: data)
      }
      expectSnapshot(FuzzDocumentedErrors.decoding) { () throws(CountdownSnapshotError) in
        _ = try CountdownSnapshot<Int>(decoding: data)
      }
      // The `Codable` path, as an app's own state decodes it: the same kinds, or the decoder's own.
      do {
        _ = try JSONDecoder().decode(CountdownSnapshot<String>.self, from: data)
      } catch let error as CountdownSnapshotError {
        if !FuzzDocumentedErrors.decoding.contains(error.kind) {
          fail("init(from:) threw \(error), documented: \(FuzzDocumentedErrors.decoding)")
        }
      } catch {
        if !(error is DecodingError) { fail("init(from:) threw \(error), neither documented nor the decoder's") }
      }
    case 1:
      let snapshot = hostileSnapshot()
      begin("restore(\(snapshot.entries.count) hostile entries)")
      var handler: @MainActor @Sendable (String, Int, inout Bool) -> Void = { _, _, _ in }
      if random.oneIn(3) { handler = reentry.idHandler() }
      expectSnapshot(FuzzDocumentedErrors.restore, leaving: .everything) { () throws(CountdownSnapshotError) in
        _ = try manager.restore(snapshot, handler)
      }
    case 4:
      let snapshot = hostileSnapshot()
      begin("restore(\(snapshot.entries.count) hostile entries, phases: \(snapshot.phaseEntries.count)), timeline")
      var handler: @MainActor @Sendable (String, Int, inout Bool) -> Void = { _, _, _ in }
      if random.oneIn(3) { handler = reentry.idHandler() }
      expectSnapshot(FuzzDocumentedErrors.restore, leaving: .everything) { () throws(CountdownSnapshotError) in
        _ = try manager.restore(snapshot, handler) { _, update, stop in
          _ = (update.position, update.phaseEnds, update.earlierPhaseEnds)
          stop = stop || update.planEnded
        }
      }
      for entry in snapshot.phaseEntries {
        _ = snapshot.timeline(id: entry.id, from: random.date(around: wall.now), limit: random.below(40) - 2)
      }
    case 2:
      let snapshot = hostileSnapshot()
      let id = random.pick(stringIDs)
      begin("countdown(restoring: \(snapshot.entries.count) hostile entries, id: \(id))")
      expectSnapshot(FuzzDocumentedErrors.modelRestore, leaving: .everything) { () throws(CountdownSnapshotError) in
        if let model = try manager.countdown(restoring: snapshot, id: id) { models.append(model) }
      }
      // The same snapshot and id into a model in phases, drawing nothing more from the seed: the
      // model is released at once, which ends its sequence.
      begin("phaseCountdown(restoring: \(snapshot.phaseEntries.count) hostile phase entries, id: \(id))")
      expectSnapshot(FuzzDocumentedErrors.phaseModelRestore, leaving: .everything) {
        () throws(CountdownSnapshotError) in
        if let model = try manager.phaseCountdown(restoring: snapshot, id: id) {
          _ = (model.phase, model.lastPhaseEnds, model.earlierPhaseEnds, model.snapshot(id: id))
        }
      }
    default:
      begin("snapshot(of:), encode")
      let snapshot = manager.snapshot(of: String.self)
      _ = (snapshot.takenAt, snapshot.serverOffset, snapshot.entries, CountdownSnapshot<String>.formatVersion)
      _ = try? JSONEncoder().encode(hostileSnapshot())
      _ = manager.snapshot(of: Int.self)
    }
  }

  func storesAndSaving() {
    switch random.below(4) {
    case 0:
      let data = damagedSnapshotBytes()
      begin("store: save(\(data.count) bytes), load, then keepSaved")
      try? store.save(data)
      _ = try? store.load()
      expectSnapshot(FuzzDocumentedErrors.keepSaved, leaving: .everything) { () throws(CountdownSnapshotError) in
        _ = try manager.keepSaved(String.self, in: store, savingOn: [.init("fuzz save")], center: notifications) {
          _, _, _ in
        }
      }
      notifications.post(name: .init("fuzz save"), object: nil)
    case 1:
      begin("save(to:), stopSaving, remove")
      try? manager.save(String.self, to: store)
      manager.stopSaving(String.self)
      try? store.remove()
      _ = try? CountdownStore.file(URL(fileURLWithPath: "/nonexistent/\(random.text())")).load()
    case 2:
      begin("list: keepSaved, save(to:), stopSaving")
      expectSnapshot(FuzzDocumentedErrors.listKeepSaved, leaving: .list) { () throws(CountdownSnapshotError) in
        _ = try list.keepSaved(in: store, savingOn: [.init("fuzz list save")], center: notifications, onFailure: nil)
      }
      try? list.save(to: store)
      list.stopSaving()
    default:
      begin("cancelAll of another manager")
      cancelAllElsewhere()
    }
  }

  /// `cancelAll` ends everything of its manager, the sentinels too: called on another one.
  func cancelAllElsewhere() {
    begin("cancelAll on a manager without sentinels")
    guard let other = try? CountdownManager(clock: scratchClock) else { return fail("a plain manager threw") }
    for index in 0..<random.below(4) {
      try? other.start(id: index, for: random.duration(), delivering: random.deliveries()) { _, _, _ in }
    }
    _ = try? other.after(random.duration()) {}
    other.cancelAll()
    if other.count != 0 { fail("cancelAll left \(other.count)") }
  }

  func smallValueTypes() {
    begin("small value types")
    let start = random.date(around: wall.now)
    let end = random.date(around: wall.now)
    if start <= end {
      let dates = CountdownTimerDates(timerInterval: start...end, pauseTime: random.bool() ? nil : start)
      _ = (dates.endDate, dates.isFrozen, dates.timerInterval, dates.pauseTime)
    }
    _ = CountdownRestoration(ids: [random.text()], ended: [random.text(): start])
    VoiceOverAnnouncer().announce(random.text())
    _ = (ContinuousCountdownClock().now, AdaptedCountdownClock(ContinuousClock()).origin)
    _ = try? CountdownStore.userDefaults(suiteName: runName, key: random.text()).load()
    if let other = try? CountdownManager(clock: scratchClock) {
      other.suspendsInBackground = random.bool()
      other.suspendsInBackground = false
    }
    _ = (LifecycleObservation.platformSuspendNames, LifecycleObservation.platformResumeNames)
    _ = CountdownDeliveries.milestones(random.milestones()).milestones
    _ = CountdownAlignment.perCountdown(tolerance: random.duration())
    _ = (
      CountdownError.negativeDuration.description,
      CountdownSnapshotError.invalidEntry(index: random.int(), reason: .outOfRange)
        .description
    )
  }
}
