import CountdownKit

/// What a fuzzed call acts on, whose state a refused call must leave as it was (each entry point's
/// documentation says so: "the countdown is then left untouched", "nothing changes then").
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
enum FuzzTarget {
  /// Nothing the fuzzer can read again (a new object, a scratch clock).
  case none
  /// A receiver's countdown on the fuzzer's manager.
  case label(CountdownLabel)
  /// An id's countdown on the fuzzer's manager (never a sentinel's).
  case stringID(String)
  /// An `Int` id's countdown, outside the ids the other threads use.
  case intID(Int)
  /// An observable model.
  case model(ObservableCountdown)
  /// The fuzzer's list: its rows, in order, and each row's countdown.
  case list
  /// Every countdown the main thread names: its ids, its receivers and its list (a restore).
  case everything
  /// A manager's calibration (only the main thread calibrates it).
  case calibration(CountdownManager)
}
