#if COUNTDOWN_CHECK_INVARIANTS
  import CountdownCore

  /// A fault a checker's self-test plants in the Kit, to show that the checker finds it: for the
  /// public-API fuzzer, a trap, an error a call's documentation does not name, and a refused call
  /// that changes what it was called on (cancels it, or pauses it); for the simulation of countdowns in phases, a phase end
  /// delivered twice, a frozen plan that walks on while suspended, a receiver held, a frozen
  /// plan saved with less time than it has or without the end it had due, an observable model
  /// showing stale ends, a stream losing the ends of the updates a slow consumer did not take, and
  /// a sequence that keeps its handler once detached.
  ///
  /// It exists only in builds with internal checks (`COUNTDOWN_INTERNAL_CHECKS=1`, which no app's
  /// build sets), and only the package's tests can set it (package access): an app's build has
  /// neither the type nor the places that read it.
  package enum PlantedFault: Sendable, Equatable {
    /// ``CountdownManager/addTime(_:id:)`` traps when it takes less than it was asked to (time
    /// taken past the end of a countdown, which takes what was left).
    case trap
    /// ``ObservableCountdown/addTime(_:)`` throws ``CountdownCore/CountdownError/invalidCombination``,
    /// which its documentation does not name, for any time taken.
    case undocumentedError
    /// A refused ``CountdownManager/start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` cancels
    /// the receiver's running countdown.
    case refusalCancelsTarget
    /// A refused ``CountdownManager/start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` pauses
    /// the receiver's running countdown: its time left stays as it was at the call, so only a
    /// reading of whether it is paused (or of its end) tells.
    case refusalPausesTarget
    /// A countdown in phases delivers the last phase end of a call twice, in that call.
    case phaseEndDeliveredTwice
    /// A countdown in phases started `whileSuspended: .pauses` walks on while the manager is
    /// suspended: its walk is registered as one that keeps running.
    case frozenPlanNotFollowed
    /// A countdown in phases started by receiver holds its receiver strongly: released by the app,
    /// the receiver lives on with its sequence.
    case phaseReceiverHeld
    /// A countdown in phases started `whileSuspended: .pauses`, saved with its phase end due and
    /// not delivered yet, is saved with no time left rather than how overdue it is: the restore
    /// delivers that end on time and the next phase at its full length.
    case snapshotDropsTheOverdueTime
    /// An ``ObservablePhaseCountdown`` keeps the first phase ends it was given in
    /// ``ObservablePhaseCountdown/lastPhaseEnds``, never the later ones.
    case observableKeepsFirstEnds
    /// The stream of a countdown in phases (`phaseUpdates(plan:)`) keeps only the newest update
    /// for a consumer that fell behind, dropping the ends of the older ones instead of merging them.
    case streamDropsEarlierEnds
    /// A countdown in phases keeps its handlers once its walk ends (cancelled, replaced, ended),
    /// and with them what they hold: never freed.
    case sequenceKeepsItsHandler

    /// The fault planted now; `nil` at first. Behind a lock: the fuzzer's other threads read it.
    private static let planted = LockedState<PlantedFault?>(nil)

    /// The fault planted now, if any: set by a self-test, and back to `nil` when it is done.
    package static var current: PlantedFault? {
      get { planted.withLock { $0 } }
      set { planted.withLock { $0 = newValue } }
    }
  }
#endif
