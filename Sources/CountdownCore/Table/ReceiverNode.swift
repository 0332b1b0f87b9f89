/// One registration in the ``ReceiverTable``'s pool: what the tick reads, 32 bytes. Its key and
/// its bucket links live in the table's compact side array, at the same position.
package struct ReceiverNode {
  /// The registration's identity and handler.
  package var registration: Registration
  /// Anchor, last delivered value and kind.
  package var timing: CountdownTiming
  /// The handler answers ``CountdownEngine/livenessProbe`` (it sets `stop` when its receiver is
  /// gone): the engine asks paused registrations, which get no calls that would notice.
  package var answersLivenessProbe: Bool
  /// The number of the delivery pass that last delivered this registration, so a pass delivers it
  /// at most once even if a removal moves it within the pool mid-pass.
  package var lastPass: UInt32 = 0

  package init(registration: Registration, timing: CountdownTiming, answersLivenessProbe: Bool = false) {
    self.registration = registration
    self.timing = timing
    self.answersLivenessProbe = answersLivenessProbe
  }
}
