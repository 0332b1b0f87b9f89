/// What a running delivery pass shares with every call that withdraws its prepared callbacks. The
/// engine keeps one from pass to pass: each pass begins by forgetting the last one's moved ends,
/// and each chunk by forgetting the withdrawals it reflects.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
final class DeliveryContext: @unchecked Sendable {
  // @unchecked Sendable: `withdrawn`, `withdrewAll` and `movedEnds` are read and written only under
  // the engine's lock, by whichever thread withdraws and by the pass; `seenCount` only by the pass's
  // own thread (the one running `deliverPending`); `signal` is Sendable.
  // Unchecked exclusivity: each access is one of the short reads and writes below, which call
  // nothing that comes back to this context, so the runtime's dynamic check (a thread-local
  // lookup per access, four per wakeup) can never fire.
  @exclusivity(unchecked) private var withdrawn: [SlotReference] = []
  @exclusivity(unchecked) private var withdrewAll = false
  /// Registrations whose end moved (time added) since the pass began.
  @exclusivity(unchecked) private var movedEnds = Set<SlotReference>()
  private let signal = WithdrawalSignal()
  @exclusivity(unchecked) private var seenCount: UInt64 = 0

  /// Under the engine's lock: the callback prepared for the registration in `slot` must not begin
  /// (the registration was removed, replaced or paused, or given time).
  func withdrawPreparedCallback(of slot: SlotReference) {
    withdrawn.append(slot)
    signal.bump()
  }

  /// Under the engine's lock: the end of the registration in `slot` moved (its milestones planned
  /// afresh: one the pass skips is not planned again).
  func recordEndMoved(_ slot: SlotReference) {
    movedEnds.insert(slot)
  }

  /// Under the engine's lock: whether the end of the registration in `slot` moved during the pass.
  func endMoved(_ slot: SlotReference) -> Bool {
    !movedEnds.isEmpty && movedEnds.contains(slot)
  }

  /// Under the engine's lock, as the pass begins: forgets the previous pass's moved ends.
  @inline(__always)
  func forgetMovedEnds() {
    if !movedEnds.isEmpty { movedEnds.removeAll() }
  }

  /// Under the engine's lock: every registration was removed: no prepared callback may begin.
  func withdrawEveryPreparedCallback() {
    withdrewAll = true
    signal.bump()
  }

  /// On the pass's thread, without the lock: whether anything was withdrawn since the pass last took
  /// the withdrawals.
  @inline(__always)
  var hasNewWithdrawals: Bool { signal.value != seenCount }

  /// Under the engine's lock, on the pass's thread, as a chunk is prepared: forgets the withdrawals
  /// noted so far, which the chunk prepared now reflects. Hands nothing back: a copy taken out
  /// would leave the list a new buffer when emptied.
  @inline(__always)
  func forgetWithdrawals() {
    seenCount = signal.value
    if !withdrawn.isEmpty {
      withdrawn.removeAll(keepingCapacity: true)
    }
    withdrewAll = false
  }

  /// Under the engine's lock, on the pass's thread: hands the withdrawals noted since the last call to
  /// the pass, and forgets them.
  func takeWithdrawals() -> (slots: [SlotReference], all: Bool) {
    defer { forgetWithdrawals() }
    return (withdrawn, withdrewAll)
  }
}
