/// What a ``CountdownPushScheduler`` tells the app about a followed id, through its `onReport`
/// handler: the id's sequence was done with, or a save failed.
///
/// ```swift
/// let onReport: @Sendable (CountdownPushSchedulerReport<String>) -> Void = { report in
///   if report.kind == .tokenGone { print("\(report.id): the activity is gone") }
/// }
/// ```
public struct CountdownPushSchedulerReport<ID: Hashable & Sendable & Codable>: Hashable, Sendable,
  CustomStringConvertible
{
  /// The id.
  public let id: ID
  /// What happened.
  public let kind: CountdownPushReportKind
  /// The gateway's reason, or the store's error, where there is one.
  public let detail: String?

  @usableFromInline
  init(id: ID, kind: CountdownPushReportKind, detail: String? = nil) {
    self.id = id
    self.kind = kind
    self.detail = detail
  }

  /// The id, the kind and the detail.
  public var description: String {
    "\(id): \(kind)" + (detail.map { " (\($0))" } ?? "")
  }
}
