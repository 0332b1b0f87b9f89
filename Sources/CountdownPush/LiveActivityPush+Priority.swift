extension LiveActivityPush {
  /// The push's `apns-priority`: 10, delivered at once and counted against the budget of pushes the
  /// system allows an app's Live Activities per hour, or 5, delivered as the device's power allows
  /// and not counted.
  ///
  /// ```swift
  /// let priority: LiveActivityPush.Priority = needsAttention ? .high : .low
  /// ```
  ///
  /// A Live Activity push takes these two only, so no other value can be made. A mix of the two
  /// keeps updates from being throttled: 5 for what can wait, 10 for what the person should see now.
  public struct Priority: Hashable, Sendable, CustomStringConvertible {
    /// The header's value: 10 or 5.
    ///
    /// ```swift
    /// let value = LiveActivityPush.Priority.high.value  // 10
    /// ```
    public let value: Int

    private init(_ value: Int) {
      self.value = value
    }

    /// 10: delivered at once, counted against the system's budget; past the budget, the system may
    /// throttle the app's pushes. APNs' own default.
    ///
    /// ```swift
    /// let urgent = LiveActivityPush.Priority.high
    /// ```
    public static let high = Priority(10)

    /// 5: delivered as the device's power allows, not counted against the budget. Apple advises
    /// considering it first.
    ///
    /// ```swift
    /// let routine = LiveActivityPush.Priority.low
    /// ```
    public static let low = Priority(5)

    /// The header's value, as text.
    ///
    /// ```swift
    /// print(LiveActivityPush.Priority.low)  // 5
    /// ```
    public var description: String { String(value) }
  }
}
