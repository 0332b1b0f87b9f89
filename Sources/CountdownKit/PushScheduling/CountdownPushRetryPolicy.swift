/// How a ``CountdownPushScheduler`` sends again a push that failed with a retryable outcome: after a
/// delay that doubles with each failure in a row, up to a cap, a bounded number of times.
///
/// ```swift
/// // 1 s, 2 s, 4 s, 8 s, then gives up after the fifth failure in a row.
/// let retry = CountdownPushRetryPolicy(firstDelay: .seconds(1), maximumDelay: .seconds(30), maximumAttempts: 5)
/// ```
///
/// Failures are counted per id, in a row: a push that goes out sets the count back to 0. A step
/// due while the scheduler waits to send again goes out at its date instead, in place of the one
/// that failed (it shows all the activity needs from then on).
public struct CountdownPushRetryPolicy: Hashable, Sendable {
  /// The delay after the first failure.
  public let firstDelay: Duration
  /// The longest delay.
  public let maximumDelay: Duration
  /// How many failures in a row the scheduler takes before it stops following the id and reports
  /// it (``CountdownPushReportKind/gaveUp``): 1 or more.
  public let maximumAttempts: Int

  /// A policy.
  ///
  /// - Parameters:
  ///   - firstDelay: The delay after the first failure (default 1 s); a negative one is taken as 0.
  ///   - maximumDelay: The cap on the delay (default 60 s); below `firstDelay`, `firstDelay`.
  ///   - maximumAttempts: How many failures in a row end the following (default 5); below 1, 1.
  public init(firstDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(60), maximumAttempts: Int = 5) {
    self.firstDelay = max(.zero, firstDelay)
    self.maximumDelay = max(self.firstDelay, maximumDelay)
    self.maximumAttempts = max(1, maximumAttempts)
  }

  /// The delay before the next send after `failures` failures in a row (1 or more):
  /// `firstDelay × 2^(failures − 1)`, at most `maximumDelay`.
  ///
  /// - Parameter failures: The failures in a row so far.
  /// - Returns: The delay.
  public func delay(afterFailures failures: Int) -> Duration {
    var delay = firstDelay
    for _ in 1..<max(1, failures) {
      guard delay < maximumDelay else { break }
      delay *= 2
    }
    return min(delay, maximumDelay)
  }
}
