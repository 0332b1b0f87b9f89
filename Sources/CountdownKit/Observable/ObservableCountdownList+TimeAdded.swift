public import CountdownCore

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdownList {
  /// Gives the countdown of `id`'s row more time, or, with a negative `time`, less, without
  /// replacing it: the row's ``ObservableCountdown/remaining`` and dates change inside this call,
  /// as ``ObservableCountdown/addTime(_:)`` says, its range keeping its start, and the list's
  /// snapshot keeps the new length.
  ///
  /// ```swift
  /// // A late bid on one lot extends its auction by 30 s; the other rows are untouched.
  /// try auctions.addTime(.seconds(30), id: lot.id)
  /// ```
  ///
  /// - Parameters:
  ///   - time: The time to add; negative to take time away (past its end, a running row ends now,
  ///     a paused one stays paused at `0` until it resumes; one counting overtime goes past, or
  ///     further past, its deadline).
  ///   - id: The row's id.
  /// - Returns: Whether `id` had a row whose countdown is running or paused (an ended row, or a
  ///   missing one, gets no time).
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for an end beyond 292 years; the row is
  ///   then left as it was.
  @discardableResult
  public func addTime(_ time: Duration, id: ID) throws(CountdownError) -> Bool {
    guard let row = rows[id] else { return false }
    return try row.addTime(time)
  }
}
