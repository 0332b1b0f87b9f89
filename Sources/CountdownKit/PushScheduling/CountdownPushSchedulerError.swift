/// Why a ``CountdownPushScheduler`` refused to follow a snapshot: nothing changed.
///
/// ```swift
/// do {
///   try await scheduler.follow(snapshot, id: "pomodoro", token: token)
/// } catch let error as CountdownPushSchedulerError where error.kind == .noPhaseEntry {
///   print("the app sent a snapshot without the Pomodoro")
/// }
/// ```
public struct CountdownPushSchedulerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was wrong, compared with `==`: a struct rather than an enum, so that a minor release can
  /// add one.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    private let name: String

    private init(_ name: String) {
      self.name = name
    }

    /// The snapshot has no countdown in phases for the id (``CountdownSnapshot/phaseEntries``).
    public static let noPhaseEntry = Kind("noPhaseEntry")
    /// The snapshot's countdown in phases has no push to send: its plan has ended by the
    /// schedule's first date, or no manager could restore its end or time left.
    public static let nothingToSend = Kind("nothingToSend")
    /// A look-ahead below 0.
    public static let invalidLookAhead = Kind("invalidLookAhead")
    /// An empty push token.
    public static let emptyToken = Kind("emptyToken")

    /// The kind's name.
    public var description: String { name }
  }

  /// What was wrong.
  public let kind: Kind

  private init(_ kind: Kind) {
    self.kind = kind
  }

  /// The snapshot has no countdown in phases for the id.
  public static let noPhaseEntry = CountdownPushSchedulerError(.noPhaseEntry)
  /// The snapshot's countdown in phases has no push to send.
  public static let nothingToSend = CountdownPushSchedulerError(.nothingToSend)
  /// A look-ahead below 0.
  public static let invalidLookAhead = CountdownPushSchedulerError(.invalidLookAhead)
  /// An empty push token.
  public static let emptyToken = CountdownPushSchedulerError(.emptyToken)

  /// The error's kind.
  public var description: String { "CountdownPushSchedulerError.\(kind)" }
}
