import CountdownAlerts
import CountdownKit
import Foundation

/// Makes widgets with the deprecated initializer, which observes the app's lifecycle
/// notifications itself, for the one test that keeps it working: reached through this
/// requirement, which is not deprecated, the call compiles without a warning.
protocol WidgetsMadeTheOldWay {
  /// The widgets of the deprecated initializer, hearing `suspendNames` and `resumeNames` on
  /// `lifecycle`.
  static func madeWithTheDeprecatedInitializer(
    manager: CountdownManager, center: any CountdownWidgetCenter, kind: String, lifecycle: NotificationCenter,
    suspendNames: [Notification.Name], resumeNames: [Notification.Name], clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (String) -> Bool
  ) -> Self
}

extension WidgetsMadeTheOldWay {
  /// ``madeWithTheDeprecatedInitializer(manager:center:kind:lifecycle:suspendNames:resumeNames:clockChanges:isFollowed:)``,
  /// called through the requirement.
  static func madeTheOldWay(
    manager: CountdownManager, center: any CountdownWidgetCenter, kind: String, lifecycle: NotificationCenter,
    suspendNames: [Notification.Name], resumeNames: [Notification.Name], clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (String) -> Bool
  ) -> Self {
    madeWithTheDeprecatedInitializer(
      manager: manager, center: center, kind: kind, lifecycle: lifecycle, suspendNames: suspendNames,
      resumeNames: resumeNames, clockChanges: clockChanges, isFollowed: isFollowed)
  }
}

extension CountdownWidgets<String>: WidgetsMadeTheOldWay {
  @available(*, deprecated, message: "the deprecated initializer, kept working")
  static func madeWithTheDeprecatedInitializer(
    manager: CountdownManager, center: any CountdownWidgetCenter, kind: String, lifecycle: NotificationCenter,
    suspendNames: [Notification.Name], resumeNames: [Notification.Name], clockChanges: NotificationCenter,
    isFollowed: @escaping @Sendable (String) -> Bool
  ) -> Self {
    Self(
      String.self, manager: manager, center: center, kind: kind, lifecycle: lifecycle, suspendNames: suspendNames,
      resumeNames: resumeNames, clockChanges: clockChanges, isFollowed: isFollowed)
  }
}
