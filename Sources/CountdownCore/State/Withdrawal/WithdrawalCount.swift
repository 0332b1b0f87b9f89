#if canImport(Darwin)
  /// The count behind a ``WithdrawalSignal`` on Apple platforms: an atomic where the system has the
  /// Synchronization module's (``AtomicWithdrawalCount``), a locked one before (``LockedWithdrawalCount``).
  /// Chosen once, when the signal is made; each callback's check is then one call through it.
  protocol WithdrawalCount: AnyObject, Sendable {
    /// Moves the count on; called under the engine's lock.
    func bump()
    /// The count now.
    var value: UInt64 { get }
  }
#endif
