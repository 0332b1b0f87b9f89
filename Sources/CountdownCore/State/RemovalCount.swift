#if canImport(Darwin)
  /// The count behind a ``RemovalSignal`` on Apple platforms: an atomic where the system has the
  /// Synchronization module's (``AtomicRemovalCount``), a locked one before (``LockedRemovalCount``).
  /// Chosen once, when the signal is made; each callback's check is then one call through it.
  protocol RemovalCount: AnyObject, Sendable {
    /// Moves the count on; called under the engine's lock.
    func bump()
    /// The count now.
    var value: UInt64 { get }
  }
#endif
