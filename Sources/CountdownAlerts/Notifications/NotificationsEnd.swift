import CountdownKit

/// One end the notifications schedule (``NotificationsSchedule``) keeps pending or waiting: a
/// single countdown's end, or one phase end of a countdown in phases, which has a request for each
/// of its next phase ends.
struct NotificationsEnd: Hashable, Sendable {
  /// The countdown's id.
  var key: IDKey
  /// The ordinal of the phase that ends (``CountdownKit/CountdownPhasePosition/ordinal``);
  /// `nil` for a single countdown.
  var ordinal: Int?
}
