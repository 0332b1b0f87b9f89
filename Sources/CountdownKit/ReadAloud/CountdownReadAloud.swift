public import CountdownCore
public import Foundation

/// Reads a countdown's milestones aloud: "1 minute left", "10 seconds left", spelled out in the
/// user's locale, once each. For VoiceOver users, for whom a label changing every second is noise.
///
/// Hand it every value the countdown delivers (``read(_:)-(Int)``). With only its milestones delivered
/// (``deliveries``), the app wakes for them alone; with a label that updates every second, the same
/// handler feeds both, and only the milestones are announced:
///
/// ```swift
/// let readAloud = try manager.readAloud(at: [.seconds(600), .seconds(60), .seconds(10)])
/// try manager.start(id: "exam", for: .seconds(7_200), delivering: readAloud.deliveries) { _, left, _ in
///   readAloud.read(left)
/// }
/// ```
///
/// One read-aloud serves any number of countdowns, such as the cells of a list: it remembers the
/// last value read of each countdown whose handler the manager is calling, and of each
/// ``ObservableCountdown`` read; elsewhere (in the loop over an async sequence), the last value
/// read there.
///
/// A milestone crossed while the app was suspended is announced once, with the time left then; a
/// value delivered again is not; the end's `0` only if `.zero` is a milestone; overtime never. The
/// rules, and the wording (27 languages, and how an app overrides one), are in
/// the article *Milestones, and reading them aloud* ("Reading milestones aloud").
@MainActor
public final class CountdownReadAloud {
  /// The milestones, in intervals: what to deliver (``CountdownCore/CountdownDeliveries/milestones(_:)``)
  /// when nothing else needs the countdown's values.
  public let deliveries: CountdownDeliveries
  /// The milestones in intervals, ascending.
  private let milestones: [Int]
  private let interval: Duration
  private let locale: Locale
  private let wording: ReadAloudWording
  private let announcer: any CountdownAnnouncer
  /// The value read last of each countdown, by the object it is registered under (a receiver, an
  /// id's token, a model's handle): a milestone is announced when a value crosses it from above.
  /// One that ended (read at `0` or below) is forgotten; those whose object is gone are swept out
  /// as the dictionary grows.
  private var lastRead: [ObjectIdentifier: LastRead] = [:]
  /// Past this many entries, ``lastRead`` is swept of the countdowns whose object is gone.
  private var sweepAt = 64
  /// The value read last outside any countdown's delivery.
  private var lastReadOutside: Int?

  /// - Parameters:
  ///   - milestones: The times left to announce, each a whole number of `interval`s; `.zero` to
  ///     announce the end too.
  ///   - interval: The interval of the countdown's manager.
  ///   - locale: The language of the announcements.
  ///   - template: The sentence, each `%@` standing for the time left (`%%` for a `%`; any other
  ///     `%` is read as written), whatever the time; `nil`: the
  ///     sentence of `locale`'s language.
  ///   - announcer: Where the announcements go: VoiceOver by default.
  /// - Throws: ``CountdownCore/CountdownError/invalidInterval`` for an interval of zero or less,
  ///   ``CountdownCore/CountdownError/outOfRange`` for one beyond 292 years (as
  ///   ``CountdownManager/init(interval:alignment:endTolerance:clock:wallClock:)``), and
  ///   ``CountdownCore/CountdownError/invalidMilestone`` for a time below zero or between two
  ///   intervals.
  nonisolated public init(
    at milestones: Set<Duration>, interval: Duration = .seconds(1), locale: Locale = .autoupdatingCurrent,
    template: String? = nil, announcer: any CountdownAnnouncer = VoiceOverAnnouncer()
  ) throws(CountdownError) {
    // Checked as a manager checks its interval: the milestones are counted in it.
    guard try interval.countdownNanoseconds() > 0 else { throw .invalidInterval }
    let values = try CountdownManager.intervals(of: milestones, interval: interval)
    deliveries = .milestones(values)
    self.milestones = values.sorted()
    self.interval = interval
    self.locale = locale
    wording = template.map(ReadAloudWording.init(template:)) ?? ReadAloudWording(locale: locale)
    self.announcer = announcer
    // From now on the manager marks which countdown each handler's call is for (made off the
    // main actor, from the first read on).
    if MainThreadMark.runsMainQueueWork { MainActor.assumeIsolated { HandlerDelivery.isRead = true } }
  }

  /// Takes the countdown's value `value` (whole intervals left): announces the time left if
  /// `value` crossed a milestone since the last value read of that countdown (for the first value
  /// read, or one above the last, if it is a milestone). In a handler the manager calls, "that
  /// countdown" is the one whose handler it is; elsewhere, every value read outside a handler is
  /// one countdown's. A value below zero (overtime) is not read; `0` is read only
  /// if `.zero` is one of the milestones.
  ///
  /// The time announced is `value`, except in the handler of a countdown delivered at milestones,
  /// or in the task that took the value from such an async sequence: there it is the time that
  /// countdown had left when the value came (less than the milestone's after a suspension), and
  /// each milestone delivered is announced, even the one read last. For an
  /// ``ObservableCountdown``, read the model: ``read(_:)-(ObservableCountdown)``.
  public func read(_ value: Int) {
    HandlerDelivery.isRead = true
    let delivery =
      HandlerDelivery.milestoneTimeLeft
      ?? MilestoneStreamReader.timeLeftWhenTaken(value).map { left in { @Sendable in left } }
    read(value, of: HandlerDelivery.countdownBeingDelivered, timeLeft: delivery, isMilestoneDelivery: delivery != nil)
  }

  /// Takes an update of a countdown in phases, as ``read(_:)-(Int)`` takes a value: its
  /// ``CountdownPhaseUpdate/remaining`` in the current phase, announced with the phase's name
  /// ("Break, 4 minutes left"; ``phrase(for:phase:)``).
  ///
  /// ```swift
  /// let readAloud = try manager.readAloud(at: [.seconds(240), .seconds(10)])
  /// try manager.start(id: "focus", plan: pomodoro, delivering: readAloud.deliveries) { _, update, _ in
  ///   readAloud.read(update)  // "Focus, 4 minutes left", then "Break, 4 minutes left"
  /// }
  /// ```
  ///
  /// Each phase's milestones are read once: a phase's first value is above the last one read, so
  /// it starts afresh as time added does, and is read if it is a milestone itself.
  public func read(_ update: CountdownPhaseUpdate) {
    HandlerDelivery.isRead = true
    let delivery = HandlerDelivery.milestoneTimeLeft
    read(
      update.remaining, of: HandlerDelivery.countdownBeingDelivered, timeLeft: delivery,
      isMilestoneDelivery: delivery != nil, phase: update.position?.phase)
  }

  /// Takes the value of `countdown` (its ``ObservableCountdown/remaining``), as ``read(_:)-(Int)``
  /// does, but announces the time it has left now: for a model delivered at milestones, a
  /// milestone passed while suspended is read with the time left then, not its own. Call it when
  /// ``ObservableCountdown/remaining`` changes (a row of an ``ObservableCountdownList`` too):
  ///
  /// ```swift
  /// struct ExamClock: View {
  ///   let exam: ObservableCountdown
  ///   let readAloud: CountdownReadAloud
  ///
  ///   var body: some View {
  ///     Text(exam.remainingTime, format: .countdown)
  ///       .onChange(of: exam.remaining) { readAloud.read(exam) }
  ///   }
  /// }
  /// ```
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  public func read(_ countdown: ObservableCountdown) {
    let (engine, handle) = (countdown.manager.engine, countdown.handle)
    read(countdown.remaining, of: handle, timeLeft: { engine.value(for: handle) }, isMilestoneDelivery: false)
  }

  /// Announces the milestone `value` of the countdown registered under `subject` (`nil`: outside
  /// any) crossed, if any, with the time `timeLeft` says (else `value`), naming `phase` if given.
  /// In a milestone delivery, a value that is a milestone was just reached, whatever was read last.
  private func read(
    _ value: Int, of subject: AnyObject?, timeLeft: (@MainActor () -> Int?)?, isMilestoneDelivery: Bool,
    phase: CountdownPhase? = nil
  ) {
    let last = lastValue(of: subject)
    defer { remember(value, of: subject) }
    // Overtime is not read: nothing is left. The end is read only as a milestone of its own.
    guard value >= 0 else { return }
    // The lowest milestone at or above the value: the latest one passed.
    let crossed = value == 0 ? (milestones.first == 0 ? 0 : nil) : milestones.first { $0 >= value }
    guard let crossed else { return }
    // A value above the last one read starts afresh: time was added, or the countdown restarted.
    let isNew =
      (isMilestoneDelivery && crossed == value)
      || (last.map { value <= $0 ? crossed < $0 : crossed == value } ?? (crossed == value))
    guard isNew else { return }
    let left = value > 0 ? min(value, timeLeft?() ?? value) : 0
    announcer.announce(phase.map { phrase(for: left, phase: $0) } ?? phrase(for: left))
  }

  /// The value read last of the countdown registered under `subject`, if any: an entry whose
  /// object is gone (another one may have its address now) is not its.
  private func lastValue(of subject: AnyObject?) -> Int? {
    guard let subject else { return lastReadOutside }
    guard let entry = lastRead[ObjectIdentifier(subject)], entry.subject === subject else { return nil }
    return entry.value
  }

  private func remember(_ value: Int, of subject: AnyObject?) {
    guard let subject else {
      lastReadOutside = value
      return
    }
    let key = ObjectIdentifier(subject)
    // Ended: nothing more is read of it, unless time added brings it back above 0, which starts
    // afresh as a countdown read for the first time does.
    guard value > 0 else {
      lastRead[key] = nil
      return
    }
    lastRead[key] = LastRead(subject: subject, value: value)
    if lastRead.count >= sweepAt {
      lastRead = lastRead.filter { $0.value.subject != nil }
      sweepAt = max(64, lastRead.count * 2)
    }
  }

  /// What is read aloud with `value` intervals left: the time in whole seconds, rounded up (never
  /// less than is left: 1.1 s is "2 seconds"), in the sentence of the language, whose verb agrees
  /// with the number spoken ("Queda 1 segundo", "Quedan 2 segundos", "Falta 0 segundo"). A value
  /// below zero (overtime) is the phrase of `0`: no time is left.
  public func phrase(for value: Int) -> String {
    let time = spokenTime(value)
    return ReadAloudWording.fill(
      wording.template(for: time, locale: locale), with: ReadAloudWording.format(time, locale: locale))
  }

  /// What is read aloud with `value` intervals left in `phase` of a countdown in phases: the
  /// phase's name and the time, in the sentence of the language ("Break, 4 minutes left",
  /// "Descanso, quedan 4 minutos"); with a template given at ``init(at:interval:locale:template:announcer:)``,
  /// the name, a comma and that sentence. The time is spoken as ``phrase(for:)`` speaks it.
  public func phrase(for value: Int, phase: CountdownPhase) -> String {
    wording.phrase(naming: phase.name, spokenTime(value), locale: locale)
  }

  /// The time `value` intervals stand for, as it is spoken.
  private func spokenTime(_ value: Int) -> Duration {
    // Saturated at 292 years: a value times a long interval may not fit in a `Duration`.
    let (nanoseconds, overflow) = interval.nanosecondsSaturating.multipliedReportingOverflow(by: Int64(max(0, value)))
    return ReadAloudWording.spokenTime(.nanoseconds(overflow ? .max : nanoseconds))
  }
}
