/// What ``CountdownWidgets`` asks of WidgetKit: that the timelines of a widget kind be made again.
/// `WidgetKitCenter` is WidgetKit's, ``CountdownAlertsTesting/FakeWidgetCenter`` one for tests with its budget.
public protocol CountdownWidgetCenter: Sendable {
  /// Asks the system to reload the timelines of every widget of `kind` (its timeline provider is
  /// asked for a new timeline, in the widget extension's process).
  func reloadTimelines(ofKind kind: String)
}
