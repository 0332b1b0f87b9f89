public import CountdownCore
public import Foundation

/// Reads a countdown's milestones aloud: "1 minute left", "10 seconds left", spelled out in the
/// user's locale, once each. For VoiceOver users, for whom a label changing every second is noise.
///
/// Hand it every value the countdown delivers (``read(_:)``). With only its milestones delivered
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
/// A milestone crossed while values did not come (the app was suspended) is announced once when
/// they come again, with the time left then: with every change delivered, that is the value
/// delivered; with only the milestones delivered by the manager (``deliveries``, given to
/// ``CountdownManager/start(id:for:whileSuspended:delivering:pastTheEnd:_:)`` or
/// ``CountdownManager/start(id:until:whileSuspended:delivering:pastTheEnd:_:)``), the milestone comes with its
/// own value, and what is read is the time the countdown has left when ``read(_:)`` is called
/// ("5 minutes left" for the 10-minute milestone when 300 s are left). A value delivered again (a
/// resume) is not announced again. A value above the last one read (time added, or the countdown
/// started again) is taken as a first value: a milestone it brought back ahead is announced again
/// when it comes. The end's 0 is announced only if `.zero` is one of the milestones.
///
/// The wording: the time left, formatted with `Duration.UnitsFormatStyle` (`.wide`: "1 minute",
/// "1 hour, 1 minute, 30 seconds") in `locale`, put into a sentence whose `%@` it replaces: the one
/// given as `template`, or else the one of `locale`'s language. The package speaks 27: Arabic,
/// Chinese (simplified and traditional), Czech, Danish, Dutch, English, Finnish, French, German,
/// Greek, Hebrew, Hindi, Indonesian, Italian, Japanese, Korean, Norwegian Bokmål, Polish,
/// Portuguese (Brazil), Russian, Spanish, Swedish, Thai, Turkish, Ukrainian and Vietnamese ("Noch 1
/// Minute", "Queda 1 minuto", "残り10秒"); a language it does not speak hears the time alone. An app
/// overrides a language or adds one in its own `CountdownKit.strings` table (main bundle), which is
/// looked up first: the key `countdown.time-left` is the sentence, and `countdown.time-left.one`,
/// where the verb agrees with the number, the sentence for one hour, minute or second.
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
  /// The value read last: a milestone is announced when a value crosses it from above.
  private var last: Int?

  /// The countdown whose milestone the manager is delivering, while its handler runs: its engine
  /// and key, to ask the time it has left (a milestone passed while suspended comes with its own
  /// value, not the time left).
  private static var milestoneDelivery: (engine: CountdownEngine, key: any AnyObject & Sendable)?

  /// - Parameters:
  ///   - milestones: The times left to announce, each a whole number of `interval`s.
  ///   - interval: The interval of the countdown's manager.
  ///   - locale: The language of the announcements.
  ///   - template: The sentence, `%@` standing for the time left, whatever the time; `nil`: the
  ///     sentence of `locale`'s language (see above).
  ///   - announcer: Where the announcements go: VoiceOver by default.
  /// - Throws: ``CountdownCore/CountdownError/invalidMilestone`` for a time below zero or between
  ///   two intervals.
  nonisolated public init(
    at milestones: Set<Duration>, interval: Duration = .seconds(1), locale: Locale = .autoupdatingCurrent,
    template: String? = nil, announcer: any CountdownAnnouncer = VoiceOverAnnouncer()
  ) throws(CountdownError) {
    let values = try CountdownManager.intervals(of: milestones, interval: interval)
    deliveries = .milestones(values)
    self.milestones = values.sorted()
    self.interval = interval
    self.locale = locale
    wording = template.map(ReadAloudWording.init(template:)) ?? ReadAloudWording(locale: locale)
    self.announcer = announcer
  }

  /// Takes the countdown's value `value` (whole intervals left): announces the time left if
  /// `value` crossed a milestone since the last value read (for the first value read, or one above
  /// the last, if it is a milestone).
  ///
  /// The time announced is `value`, except in the handler of a countdown the manager delivers at
  /// milestones (``CountdownManager/start(id:for:whileSuspended:delivering:pastTheEnd:_:)``), where it is the
  /// time that countdown has left now, in whole intervals rounded up: the same on time, less for
  /// a milestone passed while the manager was suspended.
  public func read(_ value: Int) {
    defer { last = value }
    // The lowest milestone at or above the value: the latest one passed.
    guard let crossed = milestones.first(where: { $0 >= value }) else { return }
    // A value above the last one read starts afresh: time was added, or the countdown restarted.
    let isNew = last.map { value <= $0 ? crossed < $0 : crossed == value } ?? (crossed == value)
    guard isNew else { return }
    announcer.announce(phrase(for: timeLeft(delivered: value)))
  }

  /// The time left to announce for `value`: in a milestone delivery, the countdown's own, now.
  private func timeLeft(delivered value: Int) -> Int {
    guard value > 0, let delivery = Self.milestoneDelivery else { return value }
    return delivery.engine.value(for: delivery.key) ?? value
  }

  /// `update`, each call of it marked as a milestone delivery of the countdown registered with
  /// `engine` under `key` (``milestoneDelivery`` is set while it runs), so that ``read(_:)`` announces
  /// that countdown's own time left. For the manager's countdowns delivered at milestones.
  nonisolated static func markingMilestoneDeliveries<ID>(
    of key: some AnyObject & Sendable, on engine: CountdownEngine, _ update: @escaping @MainActor (ID, Int, inout Bool) -> Void
  ) -> @MainActor (ID, Int, inout Bool) -> Void {
    // Weak: the engine holds the handler this becomes.
    let engine = WeakReference(engine)
    return { id, value, stop in
      let outer = milestoneDelivery
      milestoneDelivery = engine.object.map { ($0, key) }
      defer { milestoneDelivery = outer }
      update(id, value, &stop)
    }
  }

  /// What is read aloud with `value` intervals left.
  public func phrase(for value: Int) -> String {
    let style = Duration.UnitsFormatStyle(allowedUnits: [.hours, .minutes, .seconds], width: .wide)
    let time = interval * value
    return String(format: wording.template(for: time), locale: locale, time.formatted(style.locale(locale)))
  }
}
