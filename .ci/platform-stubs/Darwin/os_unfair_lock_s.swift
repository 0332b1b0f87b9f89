/// Darwin's `struct os_unfair_lock_s`, as Swift imports it.
public struct os_unfair_lock_s {
  /// The lock word.
  public var _os_unfair_lock_opaque: UInt32

  /// An unlocked lock.
  public init() {
    _os_unfair_lock_opaque = 0
  }

  /// A lock with the given word.
  public init(_os_unfair_lock_opaque: UInt32) {
    self._os_unfair_lock_opaque = _os_unfair_lock_opaque
  }
}
