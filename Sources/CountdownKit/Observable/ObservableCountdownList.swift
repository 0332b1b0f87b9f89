public import Foundation
public import Observation

/// Observable countdowns keyed by id, for lists: each row is its own ``ObservableCountdown``, so a
/// view that reads one row's value is updated when that row's value changes, not when another's
/// does.
///
/// ```swift
/// let deliveries = ObservableCountdownList<Order.ID>(manager: .shared)
/// try deliveries.start(id: order.id, until: order.deliveryDeadline)
/// deliveries[order.id]?.remaining      // this row's value: observed alone
/// deliveries.ids                       // the rows, in the order they were added
/// ```
///
/// In a SwiftUI `List` of 500 orders, give each row view its ``ObservableCountdown`` (or read
/// ``remaining(id:)`` in the row's own view): a tick re-renders the rows whose value changed, and
/// only those. Adding or removing a row changes ``ids``, which the list itself reads.
///
/// Starting an id that has a row restarts that row's countdown (replace, never a second one).
/// A row that ended stays, with ``ObservableCountdown/hasEnded``, until ``remove(id:)``; releasing
/// the list (or removing a row) ends the countdowns it held.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class ObservableCountdownList<ID: Hashable & Sendable> {
  /// The ids of the rows, in the order they were first started. Changes only when a row is added
  /// or removed.
  public private(set) var ids: [ID] = []

  /// The rows by id. Not observed itself: membership is observed through ``ids``, values through
  /// each row, so that a value change invalidates nothing else.
  @ObservationIgnored var rows: [ID: ObservableCountdown] = [:]

  /// The manager that drives every row.
  @ObservationIgnored public let manager: CountdownManager

  /// The saving that `keepSaved(in:savingOn:center:onFailure:)` set up; released with the list.
  @ObservationIgnored var saving: NotificationObservers?

  /// An empty list whose countdowns run on `manager`.
  public init(manager: CountdownManager = .shared) {
    self.manager = manager
  }

  /// The row of `id`, or `nil` if there is none (reading a missing row observes ``ids``, so the
  /// reader hears when it is added).
  public subscript(id: ID) -> ObservableCountdown? {
    guard let row = rows[id] else {
      _ = ids
      return nil
    }
    return row
  }

  /// The remaining value of `id`'s row, or `nil` without one; observes that row alone.
  public func remaining(id: ID) -> Int? {
    self[id]?.remaining
  }

  /// Starts the countdown of `id` for `duration`: adds a row, or restarts the row of `id`.
  ///
  /// The options, and what this throws, are those of
  /// ``ObservableCountdown/restart(for:whileSuspended:delivering:pastTheEnd:)``; thrown, an existing
  /// row is left as it was, and no row is added.
  /// - Returns: The row.
  @discardableResult
  public func start(
    id: ID, for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) -> ObservableCountdown {
    let row = rows[id] ?? ObservableCountdown(manager: manager)
    try row.restart(for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
    add(row, for: id)
    return row
  }

  /// Starts the countdown of `id` to `date`: adds a row, or restarts the row of `id`.
  ///
  /// The options, and what this throws, are those of
  /// ``ObservableCountdown/restart(until:whileSuspended:delivering:pastTheEnd:)``; thrown, an
  /// existing row is left as it was, and no row is added.
  /// - Returns: The row.
  @discardableResult
  public func start(
    id: ID, until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) -> ObservableCountdown {
    let row = rows[id] ?? ObservableCountdown(manager: manager)
    try row.restart(until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
    add(row, for: id)
    return row
  }

  /// Removes the row of `id` and ends its countdown (a view still holding the row sees it stop).
  ///
  /// - Returns: Whether there was a row.
  /// - Complexity: O(*n*) in the number of rows.
  @discardableResult
  public func remove(id: ID) -> Bool {
    guard let row = rows.removeValue(forKey: id) else { return false }
    row.cancel()
    ids.removeAll { $0 == id }
    return true
  }

  /// Removes every row, ending their countdowns.
  public func removeAll() {
    let removed = rows
    rows = [:]
    for row in removed.values { row.cancel() }
    if !ids.isEmpty { ids = [] }
  }

  func add(_ row: ObservableCountdown, for id: ID) {
    guard rows[id] == nil else { return }
    rows[id] = row
    ids.append(id)
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdownList {
  /// Gives the countdown of `id`'s row more time, or, with a negative `time`, less, as the row's
  /// ``ObservableCountdown/addTime(_:)`` does; the list's snapshot keeps the new length.
  ///
  /// ```swift
  /// // A late bid on one lot extends its auction by 30 s; the other rows are untouched.
  /// try auctions.addTime(.seconds(30), id: lot.id)
  /// ```
  ///
  /// - Returns: Whether `id` had a row whose countdown is running or paused.
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for an end beyond 292 years from now or
  ///   a countdown of more than 2⁵⁵ − 1 intervals (as ``CountdownManager/addTime(_:to:)``);
  ///   the row is then left as it was.
  @discardableResult
  public func addTime(_ time: Duration, id: ID) throws(CountdownError) -> Bool {
    guard let row = rows[id] else { return false }
    return try row.addTime(time)
  }
}
