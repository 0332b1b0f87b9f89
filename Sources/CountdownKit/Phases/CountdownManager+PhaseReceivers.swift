public import CountdownCore
import Foundation

// A countdown in phases keyed by the object that shows it: a walk registered under the receiver
// itself, in the engine's one table, as a single countdown of the receiver is.
extension CountdownManager {
  /// Starts (or replaces) a countdown in phases shown by `receiver`: one countdown that walks
  /// `plan`, phase after phase, from its first phase now.
  ///
  /// ```swift
  /// try manager.start(timerView, plan: pomodoro) { view, update, _ in
  ///   view.phaseLabel.text = update.position?.phase.name ?? "Done"
  ///   view.timeLabel.text = RemainingTime(seconds: update.remaining).formatted()
  /// }
  /// ```
  ///
  /// What the id form ``start(id:plan:whileSuspended:delivering:_:)`` does, keyed by the receiver
  /// as ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` keys a single countdown, in the
  /// same one registration: held weakly (once it is released, the sequence ends without a call),
  /// replaced by any new start of the receiver, with a plan or a duration (and replacing its
  /// single countdown). The receiver's operations act on it: ``pause(_:)``, ``resume(_:)``, ``addTime(_:to:)`` and ``cancel(_:)`` on
  /// the current phase, as for an id; ``skipPhase(_:)``, ``restartPhase(_:)`` and
  /// ``goToPreviousPhase(_:)`` move it through the plan; ``phasePosition(for:)`` reads it;
  /// ``timeLeft(for:)``, ``contains(_:)`` and ``timerDates(for:)`` speak of the current phase.
  ///
  /// - Parameters:
  ///   - receiver: The object that shows the countdown. Held weakly; keys the countdown.
  ///   - plan: The phases to walk.
  ///   - policy: Whether the plan walks on while the app is suspended, as for an id.
  ///   - deliveries: Which values of each phase are delivered; a phase's end is always delivered.
  ///   - update: Called on the main actor with the receiver, the update, and a flag that ends the
  ///     sequence when set.
  /// - Throws: What ``start(id:plan:whileSuspended:delivering:_:)`` throws; an existing countdown
  ///   of `receiver` is then left untouched.
  /// - Complexity: O(1) amortized.
  @MainActor
  public func start<Receiver: AnyObject>(
    _ receiver: Receiver,
    plan: CountdownPlan,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    // Read once, as a start by id reads it: its first phase's end counts from it. On the main
    // actor, so running the main queue's work: on the engine's delivery queue, the main queue.
    try walk(
      plan, under: receiver, policy, deliveries, readAt: CountdownInstant(nanosecondsSinceOrigin: clockNow),
      onDeliveryQueue: true, update)
  }

  /// Registers `plan`'s walk under `receiver`, held weakly, from segment `ordinal` with `left`
  /// nanoseconds to go in it (its length by default), frozen if `paused`, for the app's `update`
  /// (`onDeliveryQueue`: as the engine's registration takes it).
  func walk<Receiver: AnyObject>(
    _ plan: CountdownPlan, under receiver: Receiver, _ policy: SuspensionPolicy, _ deliveries: CountdownDeliveries,
    from ordinal: Int = 0, left: Int64? = nil, paused: Bool = false, readAt: CountdownInstant? = nil,
    onDeliveryQueue: Bool? = nil,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let sequence = ReceiverPhaseDelivery(
      plan: plan, from: ordinal, policy: policy, deliveries: deliveries, context: callContext, receiver: receiver,
      update: update)
    let knowsItsStart = sequence.startsTold(from: ordinal, left: left, paused: paused, readAt: readAt)
    try engine.register(
      receiver, walk: sequence, left: left, whileSuspended: policy.ofWalk, paused: paused, readAt: readAt,
      callsFirst: !knowsItsStart, onDeliveryQueue: onDeliveryQueue, handler: PhaseHandlers.values(of: sequence))
  }

  /// Skips the current phase of `receiver`'s countdown in phases: no end is delivered for it, and
  /// the next phase starts now at its full length, as ``skipPhase(id:)`` does for an id.
  ///
  /// ```swift
  /// // The "Skip break" button's action.
  /// manager.skipPhase(timerView)
  /// ```
  ///
  /// - Parameter receiver: The object whose countdown in phases it is.
  /// - Returns: Whether `receiver` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func skipPhase(_ receiver: AnyObject) -> Bool {
    (try? engine.move(receiver, .skip)).map(\.moved) ?? false
  }

  /// Starts the current phase of `receiver`'s countdown in phases again, at its full length, as
  /// ``restartPhase(id:)`` does for an id.
  ///
  /// - Parameter receiver: The object whose countdown in phases it is.
  /// - Returns: Whether `receiver` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func restartPhase(_ receiver: AnyObject) -> Bool {
    (try? engine.move(receiver, .restart)).map(\.moved) ?? false
  }

  /// Goes back to the phase before the current one of `receiver`'s countdown in phases, as
  /// ``goToPreviousPhase(id:)`` does for an id.
  ///
  /// - Parameter receiver: The object whose countdown in phases it is.
  /// - Returns: Whether `receiver` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func goToPreviousPhase(_ receiver: AnyObject) -> Bool {
    (try? engine.move(receiver, .back)).map(\.moved) ?? false
  }

  /// Moves `receiver`'s countdown in phases to the phase of `ordinal`, `offset` into it, as
  /// ``seekPhase(id:to:offset:)`` does for an id.
  ///
  /// - Parameters:
  ///   - receiver: The object whose countdown in phases it is.
  ///   - ordinal: The phase to move to, 0 or more.
  ///   - offset: How far into that phase, zero or more and below its length.
  /// - Returns: Whether `receiver` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Throws: What ``seekPhase(id:to:offset:)`` throws; nothing changes then.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func seekPhase(_ receiver: AnyObject, to ordinal: Int, offset: Duration = .zero) throws(CountdownError) -> Bool
  {
    try engine.move(receiver, .seek(ordinal: ordinal, offset: offset.countdownNanoseconds())).moved
  }

  /// Where `receiver`'s countdown in phases is now, as ``phasePosition(id:)`` says it for an id.
  ///
  /// ```swift
  /// if let position = manager.phasePosition(for: timerView) {
  ///   timerView.nextLabel.text = position.nextPhase.map { "Next: \($0.name)" } ?? "Last one"
  /// }
  /// ```
  ///
  /// - Parameter receiver: The object whose countdown in phases it is.
  /// - Returns: The position, or `nil` without a countdown in phases for `receiver`.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  public func phasePosition(for receiver: AnyObject) -> CountdownPhasePosition? {
    phasePosition(of: receiver)
  }

  /// What the system needs to show `receiver`'s countdown by itself: for a countdown in phases,
  /// the current phase's range, from its start to its end, and its pause time while it is paused.
  ///
  /// ```swift
  /// if let dates = manager.timerDates(for: timerView) {
  ///   Text(timerInterval: dates.timerInterval, pauseTime: dates.pauseTime, countsDown: true)
  /// }
  /// ```
  ///
  /// A phase's range spans its length and the time added to it or taken since it began, so a
  /// `ProgressView(timerInterval:)` fills with the phase and keeps its start. The phase is the one
  /// the last call told, as the handler, the widgets and the Live Activity show it: until the call
  /// of an end that passed (within the end tolerance, or during a suspension), the range is the
  /// ended phase's, where ``phasePosition(for:)`` and ``timeLeft(for:)`` read the next one. A single countdown
  /// keeps no length by receiver: its range is laid out from now to its end (an
  /// ``ObservableCountdown`` has its whole range).
  /// - Returns: The dates, or `nil` without a countdown (or with a count-up).
  public func timerDates(for receiver: AnyObject) -> CountdownTimerDates? {
    timerDates(of: receiver, length: nil)
  }
}
