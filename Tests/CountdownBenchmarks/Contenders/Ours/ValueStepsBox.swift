/// The value steps of the Kit row's last window.
final class ValueStepsBox: @unchecked Sendable {
  // @unchecked Sendable: written by `run` on the main thread and read after it returned, on the
  // same thread (the harness's).
  var value: Int?
}
