/// A registration's handler in a class box.
///
/// A delivery pass refers to the boxes of its prepared callbacks unretained (no reference counting
/// per callback on the tick path). That is safe because a box removed from the table while a pass
/// runs is parked in ``EngineState/retiredHandlers`` until the pass ends.
package final class HandlerBox {
  package let call: CountdownHandler
  /// Whether the registration's receiver is still alive, for registrations that can tell (the
  /// manager's, through their weak reference): asked only of paused registrations, which get no
  /// calls that could notice their receiver's death.
  package let isAlive: (@Sendable () -> Bool)?

  package init(_ call: @escaping CountdownHandler, isAlive: (@Sendable () -> Bool)? = nil) {
    self.call = call
    self.isAlive = isAlive
  }
}
