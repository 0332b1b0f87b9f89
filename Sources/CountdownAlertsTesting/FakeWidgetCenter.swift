public import CountdownAlerts
import CountdownCore
public import Foundation

/// A stand-in for WidgetKit with its reload budget, for tests: it records every reload, counts
/// those made while the app is not in the foreground against a daily budget per kind, and drops
/// those past it, as the system does for a widget reloaded too often.
///
/// ```swift
/// let center = FakeWidgetCenter(dailyBudget: 40)
/// let widgets = CountdownWidgets(String.self, center: center, kind: "Timers")
/// try CountdownManager.shared.start(id: "tea", for: .seconds(180)) { _, _, _ in }
/// center.reloads.count  // 1
/// ```
public final class FakeWidgetCenter: CountdownWidgetCenter, Sendable {
  /// One reload asked for.
  public struct Reload: Equatable, Sendable {
    public var kind: String
    public var date: Date
    /// Whether it counted against the day's budget (the app was not in the foreground).
    public var counted: Bool
    /// Whether the system did it (it was within the budget).
    public var done: Bool
  }

  private struct State {
    var reloads: [Reload] = []
    var isAppInForeground = true
  }

  /// How many counted reloads a kind gets in any 24 hours.
  public let dailyBudget: Int
  private let now: @Sendable () -> Date
  private let state = LockedState(State())

  /// A center with `dailyBudget` counted reloads per kind in any 24 hours, on the wall clock `now`.
  public init(dailyBudget: Int = 70, now: @escaping @Sendable () -> Date = { Date() }) {
    self.dailyBudget = dailyBudget
    self.now = now
  }

  /// Whether the app is in the foreground, where reloads are free; the test says so.
  public var isAppInForeground: Bool {
    get { state.withLock { $0.isAppInForeground } }
    set { state.withLock { $0.isAppInForeground = newValue } }
  }

  /// Every reload asked for, in order.
  public var reloads: [Reload] { state.withLock { $0.reloads } }

  /// How many reloads the system did not do, past the budget.
  public var droppedReloads: Int { state.withLock { $0.reloads.filter { !$0.done }.count } }

  /// How many counted reloads `kind` has left in the 24 hours before now.
  public func budgetLeft(ofKind kind: String) -> Int {
    let date = now()
    return state.withLock { dailyBudget - Self.counted(in: $0.reloads, kind: kind, before: date) }
  }

  public func reloadTimelines(ofKind kind: String) {
    let date = now()
    state.withLock { state in
      let counted = !state.isAppInForeground
      let done = !counted || Self.counted(in: state.reloads, kind: kind, before: date) < dailyBudget
      state.reloads.append(Reload(kind: kind, date: date, counted: counted, done: done))
    }
  }

  /// Reloads forgotten, the budget as new.
  public func clearReloads() {
    state.withLock { $0.reloads.removeAll() }
  }

  private static func counted(in reloads: [Reload], kind: String, before date: Date) -> Int {
    reloads.filter { $0.kind == kind && $0.counted && $0.done && $0.date > date - 86_400 }.count
  }
}
