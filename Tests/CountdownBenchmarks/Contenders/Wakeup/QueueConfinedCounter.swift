/// A count written and read only on one serial queue: a plain increment, so the bare timer's
/// handler stays as close to empty as a counting one can.
final class QueueConfinedCounter: @unchecked Sendable {
  // @unchecked Sendable: touched only on the owner's serial queue (BareRepeatingTimer's `queue`).
  var value = 0
}
