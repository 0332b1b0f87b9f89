import CountdownCore
public import CountdownKit
public import Foundation

/// Keeps the system's alerts in step with a manager's id countdowns: one local notification at
/// each countdown's end (and at chosen milestones), moved, removed and added again with every
/// change, so that the user hears the end even when the app is in the background or not running.
///
/// ```swift
/// // At launch (keep `alerts` for as long as the app runs):
/// let alerts = try CountdownNotifications(String.self, manager: .shared, center: UserNotificationCenter()) { id, moment in
///   CountdownAlertContent(title: "Timer", body: moment == .end ? "\(id) is done." : "\(id): almost done.")
/// }
/// try CountdownManager.shared.start(id: "tea", for: .seconds(180)) { _, _, _ in }
/// // A notification is pending for the tea's end; pausing, resuming, adding time, cancelling and
/// // the end itself keep it in step.
/// ```
///
/// Every countdown of an id of type `ID` that `isFollowed` accepts is followed, whatever started
/// it (`start(id:…)`, a restore, `keepSaved`): the request of its end is pending while it runs (a
/// time-interval trigger worked out from its deadline on the manager's clock), removed while it is
/// paused or frozen, gone once it is cancelled or ends, with its delivered milestone alerts. A
/// countdown in phases has a request for each of its next phase ends, as many as the budget and
/// `phaseEndsAhead` allow, refilled at each phase end the app sees and at each change.
///
/// Requests are named `countdown-alerts/<namespace>/<moment>/<id>` (``identifier(for:moment:)``):
/// the app's own are never touched, and at the start those a previous process left that no
/// countdown wants go. At most `budget` are pending, the soonest ends'. Failures go to
/// `onFailure`, never to the countdowns; the next change or ``retry()`` tries again. Releasing this
/// object stops following (what is pending stays). The rules change by change, the budget, the
/// device's clock and countdowns in phases are the article's ("What each change does" on).
///
/// - Complexity: a change of one countdown costs O(log *n*) work in the countdowns followed and a
///   constant number of center calls (a removal, a removal of delivered milestones, the adds of
///   two countdowns' requests); of a countdown in phases, O(*k* log *n*) and an add per pending
///   request of its *k* phase ends requested (`phaseEndsAhead` bounds them); a phase end the app
///   sees, one add.
public final class CountdownNotifications<ID: Hashable & Sendable & CustomStringConvertible>: Sendable {
  /// The part of the request identifiers that tells these alerts from others of the app.
  public let namespace: String
  /// How many requests may be pending at once.
  public let budget: Int
  /// How long before the end each milestone's alert comes, latest first.
  public let milestones: [Duration]
  /// What the system shows of these alerts while the app is in the foreground (see
  /// ``foregroundPresentation(forRequest:)``); `[]`, nothing and no sound, by default.
  public let foregroundPresentation: CountdownAlertPresentation

  let follower: CountdownFollower<NotificationsMirror<ID>>

  /// The name of `NSSystemClockDidChange`, spelled by its value so that it reads the same on
  /// every platform.
  public static var systemClockDidChange: Notification.Name { FollowerObservation.systemClockDidChange }

  /// Starts following the countdowns of ids of type `ID` on `manager`.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The system's center, `UserNotificationCenter` in an app, a
  ///     ``CountdownAlertsTesting/FakeNotificationCenter`` in tests.
  ///   - namespace: Tells these alerts' requests from the app's others and from other
  ///     `CountdownNotifications`; the type's name by default. Keep it from one version of the app to the
  ///     next, or the requests of the previous one are left pending.
  ///   - budget: How many requests may be pending at once (20 by default: the system keeps 64
  ///     for the whole app, whose other notifications need room too). Each followed countdown
  ///     takes one for its end and one per milestone.
  ///   - milestones: Times before the end at which an alert comes too ("10 minutes left").
  ///   - foregroundPresentation: What the system shows of an alert that comes while the app is
  ///     in the foreground: `[]` by default (nothing, not even the sound), as the app shows the
  ///     end itself; `[.sound]` to hear it only, `[.banner, .list, .sound]` for all of it.
  ///   - clockChanges: Where the system posts what may have moved the device's clock: its
  ///     change, the significant time change, the app's coming back to the foreground; one that
  ///     finds the clock moved re-syncs the countdowns (the article's "The device's clock").
  ///   - isFollowed: Which ids have alerts; every one by default. Asked at each change of an id,
  ///     on the thread of the change: an id it rejects is treated as gone (its pending requests
  ///     are removed at that change), and ``refresh(_:)`` asks it again at once.
  ///   - onFailure: Called, on any thread, when the center refuses a request.
  ///   - content: What the alert of `id` at `moment` says, unless ``setContent(_:for:at:)`` set
  ///     it; called when the request is made, on the thread of the change (any thread: it is
  ///     `@Sendable` and not isolated to the main actor), with no lock held.
  /// - Throws: ``CountdownAlertError/invalidBudget`` for a budget outside `1...64` or below
  ///   `1 + milestones.count`; ``CountdownAlertError/invalidMilestone`` for a milestone of zero or
  ///   less, beyond 292 years (what a deadline on the manager's clock can hold), or one given twice; ``CountdownAlertError/invalidNamespace`` for a namespace with `/`.
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownAlertCenter,
    namespace: String? = nil,
    budget: Int = 20,
    milestones: [Duration] = [],
    foregroundPresentation: CountdownAlertPresentation = [],
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    onFailure: (@Sendable (CountdownAlertError) -> Void)? = nil,
    content: @escaping @Sendable (_ id: ID, _ moment: CountdownAlertMoment) -> CountdownAlertContent
  ) throws(CountdownAlertError) {
    (self.namespace, self.milestones, follower) = try Self.follow(
      manager: manager, center: center, namespace: namespace, budget: budget, milestones: milestones,
      clockChanges: clockChanges, isFollowed: isFollowed, onFailure: onFailure, phaseEndsAhead: nil,
      content: .plain(content))
    self.budget = budget
    self.foregroundPresentation = foregroundPresentation
  }

  /// Starts following the countdowns of ids of type `ID` on `manager`, the content of each alert
  /// told all it is about: its id, its moment, when its end comes, and, for a countdown in
  /// phases, the phase that ends and the next with its end (``CountdownAlertContext``).
  ///
  /// ```swift
  /// let alerts = try CountdownNotifications(String.self, center: UserNotificationCenter()) { alert in
  ///   let next = alert.phaseEnd?.nextPhase.map { " Next: \($0.name)." } ?? ""
  ///   return CountdownAlertContent(title: "\(alert.id)", body: "Time's up.\(next)")
  /// }
  /// ```
  ///
  /// A countdown in phases has a request for each of its next phase ends, as many as
  /// `phaseEndsAhead` says, sharing the budget with the other countdowns' ends, soonest first.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The system's center, `UserNotificationCenter` in an app, a
  ///     ``CountdownAlertsTesting/FakeNotificationCenter`` in tests.
  ///   - namespace: Tells these alerts' requests from the app's others (the type's name by
  ///     default), as in ``init(_:manager:center:namespace:budget:milestones:foregroundPresentation:clockChanges:isFollowed:onFailure:content:)``.
  ///   - budget: How many requests may be pending at once (20 by default). Each end pending takes
  ///     one, and one per milestone.
  ///   - milestones: Times before each end at which an alert comes too; a phase end's only within
  ///     its phase.
  ///   - foregroundPresentation: What the system shows of an alert that comes while the app is in
  ///     the foreground (`[]` by default).
  ///   - clockChanges: Where the system posts what may have moved the device's clock.
  ///   - isFollowed: Which ids have alerts; every one by default.
  ///   - onFailure: Called, on any thread, when the center refuses a request.
  ///   - phaseEndsAhead: How many of the next phase ends of a countdown in phases have a request,
  ///     at most: `nil` (the default) as many as the budget holds; 1 for the current phase's end
  ///     only. Fewer make each change of the sequence cost fewer center calls.
  ///   - content: What the alert says, unless ``setContent(_:for:at:)`` set it; called when the
  ///     request is made, on the thread of the change, with no lock held.
  /// - Throws: As the other initializer does, and ``CountdownAlertError/invalidBudget`` for a
  ///   `phaseEndsAhead` below 1.
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownAlertCenter,
    namespace: String? = nil,
    budget: Int = 20,
    milestones: [Duration] = [],
    foregroundPresentation: CountdownAlertPresentation = [],
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    onFailure: (@Sendable (CountdownAlertError) -> Void)? = nil,
    phaseEndsAhead: Int? = nil,
    content: @escaping @Sendable (_ alert: CountdownAlertContext<ID>) -> CountdownAlertContent
  ) throws(CountdownAlertError) {
    (self.namespace, self.milestones, follower) = try Self.follow(
      manager: manager, center: center, namespace: namespace, budget: budget, milestones: milestones,
      clockChanges: clockChanges, isFollowed: isFollowed, onFailure: onFailure, phaseEndsAhead: phaseEndsAhead,
      content: .described(content))
    self.budget = budget
    self.foregroundPresentation = foregroundPresentation
  }

  /// The initializers' one body: checks what the app passed, and starts following.
  ///
  /// - Returns: The namespace and the milestones as kept, and the follower.
  private static func follow(
    manager: CountdownManager, center: any CountdownAlertCenter, namespace: String?, budget: Int,
    milestones: [Duration], clockChanges: NotificationCenter, isFollowed: @escaping @Sendable (ID) -> Bool,
    onFailure: (@Sendable (CountdownAlertError) -> Void)?, phaseEndsAhead: Int?, content: NotificationsContent<ID>
  ) throws(CountdownAlertError) -> (
    namespace: String, milestones: [Duration], follower: CountdownFollower<NotificationsMirror<ID>>
  ) {
    let namespace = namespace ?? String(describing: ID.self)
    guard !namespace.contains("/") else { throw .invalidNamespace }
    guard milestones.allSatisfy({ $0 > .zero && $0 <= .nanoseconds(Int64.max) }),
      Set(milestones).count == milestones.count
    else {
      throw .invalidMilestone
    }
    guard (1...CountdownAlertRequest.systemPendingLimit).contains(budget), budget >= 1 + milestones.count else {
      throw .invalidBudget
    }
    if let phaseEndsAhead, phaseEndsAhead < 1 { throw .invalidBudget }
    let milestones = milestones.sorted(by: >)
    let mirror = NotificationsMirror(
      moments: [.end] + milestones.map { .timeLeft($0) }, budget: budget,
      prefix: "countdown-alerts/\(namespace)/", center: center, phaseEndsAhead: phaseEndsAhead, content: content)
    let follower = CountdownFollower(
      ID.self, manager: manager, mirror: mirror, clockChanges: clockChanges, isFollowed: isFollowed,
      onFailure: onFailure)
    return (namespace, milestones, follower)
  }

  /// The identifier of the request for `id` at `moment`.
  public func identifier(for id: ID, moment: CountdownAlertMoment = .end) -> String {
    follower.mirror.identifier(for: id, moment: moment)
  }

  /// The identifier of the request for the end of the phase of `ordinal` (its number across the
  /// plan, ``CountdownKit/CountdownPhasePosition/ordinal``) of `id`'s countdown in phases, at
  /// `moment`: each phase end has requests of its own.
  public func identifier(for id: ID, phaseOrdinal ordinal: Int, moment: CountdownAlertMoment = .end) -> String {
    follower.mirror.identifier(for: id, ordinal: ordinal, moment: moment)
  }

  /// The ordinal of the phase whose end the request `identifier` is an alert of (what
  /// ``CountdownAlertPhaseEnd/ordinal`` said); `nil` for a single countdown's request, or one that
  /// is not these alerts' own.
  public func phaseOrdinal(forRequest identifier: String) -> Int? {
    follower.mirror.parse(identifier)?.ordinal
  }

  /// Whether `identifier` is one of these alerts' requests: under their namespace, and one whose
  /// countdown and moment can be read back (``countdownID(forRequest:)``,
  /// ``moment(forRequest:)``).
  public func isOwnRequest(_ identifier: String) -> Bool {
    follower.mirror.parse(identifier) != nil
  }

  /// What the system shows of the alert of request `identifier`, come while the app is in the
  /// foreground: ``foregroundPresentation`` for these alerts' own requests, `nil` for others (the
  /// app decides). The app's `UNUserNotificationCenterDelegate` asks it (see
  /// `presentationOptions(for:)` where UserNotifications exists), so the user does not get the
  /// app's end and a banner at once. `[]` also mutes the alert's sound.
  public func foregroundPresentation(forRequest identifier: String) -> CountdownAlertPresentation? {
    isOwnRequest(identifier) ? foregroundPresentation : nil
  }

  /// The description of the id whose alert request `identifier` is, for the app's
  /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`; `nil` for a request that is
  /// not these alerts' own. Where `ID` is `LosslessStringConvertible`, ``id(forRequest:)`` gives
  /// the id itself.
  public func countdownID(forRequest identifier: String) -> String? {
    follower.mirror.parse(identifier)?.description
  }

  /// Which alert of its countdown the request `identifier` is (its end, or a milestone); `nil`
  /// for a request that is not these alerts' own.
  public func moment(forRequest identifier: String) -> CountdownAlertMoment? {
    follower.mirror.parse(identifier)?.moment
  }

  /// Makes the alert requests of `id` again, with what ``setContent(_:for:at:)`` or the content
  /// closure say now, and asks `isFollowed` again: a renamed timer's pending alert says its new
  /// name, without its end moving. An id no longer followed has its requests removed; one not
  /// pending (outside the budget, paused, gone) costs no call.
  public func refresh(_ id: ID) {
    follower.refresh([IDKey(id)])
  }

  /// ``refresh(_:)`` for every countdown of an id of type `ID`: O(*n*) in their number, and a
  /// removal and adds for each pending one.
  public func refreshAll() {
    follower.refresh(follower.manager.idKeys(of: ID.self))
  }

  /// Sets what the alert of `id` at `moment` says, in place of the content closure, and
  /// refreshes `id` (``refresh(_:)``) so that a pending alert says it. `nil` gives the alert back
  /// to the closure.
  ///
  /// Call it from any code, the main actor's included: the content is kept behind the alerts'
  /// lock and read when a request is made, so the app needs no lock of its own to hand the
  /// closure, which runs on the thread of the change, what a timer is called now. It is kept
  /// until set to `nil` (not when the countdown goes: the next countdown of `id` says it too).
  ///
  /// It is the content of `id` at `moment`, whatever ends: for a countdown in phases, every phase
  /// end's alert at `moment` says it, the same at each (the closure is not asked, and no phase is
  /// told). To say which phase ends and what comes next, leave it `nil` and let the content
  /// closure read ``CountdownAlertContext/phaseEnd``.
  ///
  /// ```swift
  /// // In the app's code, when the user renames the timer or picks its sound:
  /// alerts.setContent(CountdownAlertContent(title: "Pasta", body: "Drain it.", sound: .named("bell.caf")), for: "pasta")
  /// ```
  public func setContent(_ content: CountdownAlertContent?, for id: ID, at moment: CountdownAlertMoment = .end) {
    follower.mirror.setContent(content, for: IDKey(id), at: moment)
    refresh(id)
  }

  /// The ids whose alerts are pending (or being added), in no particular order: at most the
  /// budget's worth, those of the running countdowns that end soonest. A request the system
  /// dropped past its limit of 64 pending for the app is still listed: `onFailure` hears of it as
  /// ``CountdownAlertError/requestDropped``.
  public var scheduledIDs: [ID] {
    // A countdown in phases may have several ends pending: its id is listed once.
    var seen = Set<IDKey>()
    return follower.read { $0.schedule.pendingDeadlines }.compactMap { pending in
      seen.insert(pending.key.key).inserted ? pending.key.key.id(as: ID.self) : nil
    }
  }

  /// Tries again the requests the center refused (after the user allowed notifications, say);
  /// the next change of any followed countdown does too.
  public func retry() {
    follower.retry()
  }
}

extension CountdownNotifications where ID: LosslessStringConvertible {
  /// The id whose alert request `identifier` is, made again from its description; `nil` for a
  /// request that is not these alerts' own. Ids whose descriptions are equal are one to the
  /// alerts, as their request identifiers are.
  public func id(forRequest identifier: String) -> ID? {
    countdownID(forRequest: identifier).flatMap(ID.init)
  }
}
