/// What a ``CountdownPushSchedulerReport`` tells of an id, compared with `==`: a struct rather
/// than an enum, so that a minor release can add one.
///
/// ```swift
/// let dropped: [CountdownPushReportKind] = [.ended, .tokenGone, .rejected, .gaveUp]
/// print(dropped.map(\.description))
/// ```
public struct CountdownPushReportKind: Hashable, Sendable, CustomStringConvertible {
  private let name: String

  private init(_ name: String) {
    self.name = name
  }

  /// The push that ends the activity went out: the id is no longer followed.
  public static let ended = CountdownPushReportKind("ended")
  /// The gateway said the token no longer reaches the activity
  /// (``CountdownPushOutcome/tokenGone``): the id is no longer followed.
  public static let tokenGone = CountdownPushReportKind("tokenGone")
  /// The gateway refused a push for good (``CountdownPushOutcome/rejected(_:)``): the id is no
  /// longer followed.
  public static let rejected = CountdownPushReportKind("rejected")
  /// Pushes failed ``CountdownPushRetryPolicy/maximumAttempts`` times in a row: the id is no
  /// longer followed.
  public static let gaveUp = CountdownPushReportKind("gaveUp")
  /// The store failed to save or remove the id's record after a push: the scheduler goes on
  /// following the id in memory, and its next save writes it whole.
  public static let storeFailed = CountdownPushReportKind("storeFailed")

  /// The kind's name.
  public var description: String { name }
}
