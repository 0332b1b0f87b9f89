public import CountdownCore
import Foundation

// A countdown in phases keyed by the object that shows it: the id form's sequence, run under the
// receiver's identity (``ReceiverPhaseKey``), with the receiver held weakly.
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
  /// as ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` keys a single countdown: held
  /// weakly (once it is released, the sequence ends without a call), replaced by any new start of
  /// the receiver, with a plan or a duration (and replacing its single countdown). The receiver's
  /// operations act on it: ``pause(_:)``, ``resume(_:)``, ``addTime(_:to:)`` and ``cancel(_:)`` on
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
    // A dead receiver's sequence at this address keeps its key in the map: it goes first.
    _ = receiverPhaseKey(of: receiver)
    let weakReceiver = WeakReference<AnyObject>(receiver)
    #if COUNTDOWN_CHECK_INVARIANTS
      // The simulation's self-test: the receiver held by its sequence.
      let held: AnyObject? = PlantedFault.current == .phaseReceiverHeld ? receiver : nil
    #endif
    try start(id: ReceiverPhaseKey(receiver), plan: plan, whileSuspended: policy, delivering: deliveries) {
      _, phaseUpdate, stop in
      #if COUNTDOWN_CHECK_INVARIANTS
        withExtendedLifetime(held) {}
      #endif
      guard let receiver = weakReceiver.receiver(as: Receiver.self, stop: &stop) else { return }
      update(receiver, phaseUpdate, &stop)
    }
    // The receiver's single countdown, if it had one, is replaced.
    engine.cancel(receiver)
    if receiverSequenceSweep.started() { sweepReleasedReceivers() }
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
  /// - Returns: Whether `receiver` has a countdown in phases.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func skipPhase(_ receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver).map { skipPhase(id: $0) } ?? false
  }

  /// Starts the current phase of `receiver`'s countdown in phases again, at its full length, as
  /// ``restartPhase(id:)`` does for an id.
  ///
  /// - Parameter receiver: The object whose countdown in phases it is.
  /// - Returns: Whether `receiver` has a countdown in phases.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func restartPhase(_ receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver).map { restartPhase(id: $0) } ?? false
  }

  /// Goes back to the phase before the current one of `receiver`'s countdown in phases, as
  /// ``goToPreviousPhase(id:)`` does for an id.
  ///
  /// - Parameter receiver: The object whose countdown in phases it is.
  /// - Returns: Whether `receiver` has a countdown in phases.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func goToPreviousPhase(_ receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver).map { goToPreviousPhase(id: $0) } ?? false
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
    receiverPhaseKey(of: receiver).flatMap { phasePosition(id: $0) }
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
  /// A phase's range spans its length (more, once time was added past it), so a
  /// `ProgressView(timerInterval:)` fills with the phase. A single countdown keeps no length by
  /// receiver: its range is laid out from now to its end (an ``ObservableCountdown`` has its
  /// whole range).
  /// - Returns: The dates, or `nil` without a countdown (or with a count-up).
  public func timerDates(for receiver: AnyObject) -> CountdownTimerDates? {
    if let key = receiverPhaseKey(of: receiver) {
      return (attachment(of: key) as? PhaseSequence).flatMap(phaseTimerDates(of:))
    }
    return timerDates(of: receiver, length: nil)
  }

  // MARK: The receiver's single-countdown operations, for its sequence

  /// ``cancel(_:)`` for a receiver without a single countdown: its sequence, if it has one.
  func cancelPhases(of receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver).map { cancel(id: $0) } ?? false
  }

  /// ``pause(_:)`` for a receiver without a single countdown.
  func pausePhases(of receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver).map { pause(id: $0) } ?? false
  }

  /// ``resume(_:)`` for a receiver without a single countdown.
  func resumePhases(of receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver).map { resume(id: $0) } ?? false
  }

  /// ``addTime(_:to:)`` for a receiver without a single countdown.
  func addTime(_ time: Duration, toPhasesOf receiver: AnyObject) throws(CountdownError) -> Bool {
    guard let key = receiverPhaseKey(of: receiver) else { return false }
    return try addTime(time, id: key)
  }

  /// ``timeLeft(for:)`` for a receiver without a single countdown: its current phase's.
  func phaseTimeLeft(for receiver: AnyObject) -> Duration? {
    receiverPhaseKey(of: receiver).flatMap { timeLeft(id: $0) }
  }

  /// ``contains(_:)`` for a receiver without a single countdown.
  func containsPhases(of receiver: AnyObject) -> Bool {
    receiverPhaseKey(of: receiver) != nil
  }

  /// Before a single countdown's start on `receiver`: its sequence, if it has one, is replaced.
  @MainActor
  func replacePhases(of receiver: AnyObject) {
    guard receiverSequenceSweep.hasStarted else { return }
    _ = cancelPhases(of: receiver)
  }

  // MARK: Finding a receiver's sequence

  /// The key of `receiver`'s countdown in phases, if it has one. A released receiver's sequence
  /// found at its address (the new object took it) is ended here, and is not `receiver`'s.
  func receiverPhaseKey(of receiver: AnyObject) -> ReceiverPhaseKey? {
    guard let key = storedReceiverPhaseKey(of: receiver) else { return nil }
    guard key.refers(to: receiver) else {
      cancel(id: key)
      return nil
    }
    return key
  }

  /// The key the map holds for `receiver`'s identity, whichever object it was made for.
  func storedReceiverPhaseKey(of receiver: AnyObject) -> ReceiverPhaseKey? {
    state.withLock { $0.ids.storedKey(for: IDKey(ReceiverPhaseKey(receiver))) }?.id(as: ReceiverPhaseKey.self)
  }

  /// Ends the receivers' sequences whose receiver was released: O(*n*) in the manager's ids.
  @MainActor
  func sweepReleasedReceivers() {
    let released = state.withLock { $0.ids.records(of: ReceiverPhaseKey.self) }.map(\.id).filter(\.isReleased)
    for key in released { cancel(id: key) }
    receiverSequenceSweep.swept(leaving: state.withLock { $0.ids.count })
  }

  /// The system dates of `sequence`'s current phase: from its start (its length before its end,
  /// or what it has left if that is more) to its end, frozen while it is paused (or, for a plan
  /// that freezes while the manager is suspended, while it is); `nil` once the plan ended or the
  /// id no longer has it. Read from the registration, which counts the current phase, as a single
  /// countdown's dates are.
  func phaseTimerDates(of sequence: PhaseSequence) -> CountdownTimerDates? {
    guard let token = sequence.state.withLock({ $0.detached ? nil : $0.token }), let length = sequence.countedLength
    else { return nil }
    return timerDates(of: token, length: length)
  }

}
