/// When the system takes an ended Live Activity off the Lock Screen: ActivityKit's
/// `ActivityUIDismissalPolicy`, as ``CountdownLiveActivities`` chooses it.
///
/// An enum, complete by design: a countdown ends by running out or by being cancelled.
public enum CountdownActivityDismissal: Hashable, Sendable {
  /// The countdown ran out: its end stays shown for a while (the system's default policy).
  case afterEnd
  /// The countdown was cancelled: nothing is left to show.
  case immediately
}
