/// One Live Activity the app has, as listed when a ``CountdownLiveActivities`` starts: ActivityKit's
/// `Activity`, reduced to what ending one that a previous process left needs.
public struct CountdownActivitySnapshot: Hashable, Sendable {
  /// Its identifier, `Activity.id`.
  public var id: String
  /// The countdown it stands for (its id, described).
  public var countdownID: String
  /// Whether it is stale (`ActivityState.stale`): its stale date passed. The package sets that
  /// date to the countdown's end while it runs, so a stale activity's countdown ran out.
  public var isStale: Bool

  /// A snapshot of the activity `id`, standing for the countdown `countdownID`.
  public init(id: String, countdownID: String, isStale: Bool) {
    self.id = id
    self.countdownID = countdownID
    self.isStale = isStale
  }
}
