/// Which alert of a countdown a request is: its end, or a milestone before it.
///
/// An enum, complete by design: an alert is at the end or some time before it.
public enum CountdownAlertMoment: Hashable, Sendable {
  /// The countdown's end, when the app delivers its `0`.
  case end
  /// A milestone: the countdown has this much time left ("10 minutes left").
  case timeLeft(Duration)
}
