/// What a countdown does while its engine is suspended (for example while the app is in the
/// background).
///
/// An enum, complete by design: time spent suspended either counts or it does not, so no case can
/// come, and a `switch` over it needs no `default`.
public enum SuspensionPolicy: Hashable, Sendable {
  /// Its deadline is a real moment: time spent suspended counts (a sale that ends at 18:00).
  case keepsRunning
  /// It stops with the engine and continues from where it was on resume (a quiz clock).
  case pauses
}
