extension LiveActivityPush {
  /// The APNs server a request goes to: production, for the shipping app, or development (the
  /// sandbox), for testing: the environment the app's build registered its push tokens with.
  ///
  /// ```swift
  /// let environment: LiveActivityPush.Environment = isDebugBuild ? .development : .production
  /// ```
  ///
  /// A struct with one static member per server, rather than an enum, so that a minor release can
  /// add one without breaking a `switch` in the app.
  public struct Environment: Hashable, Sendable, CustomStringConvertible {
    /// The server's host name, which the server reaches over HTTP/2 and TLS 1.2 or later, on port
    /// 443 (or 2197).
    ///
    /// ```swift
    /// let host = LiveActivityPush.Environment.development.host  // "api.sandbox.push.apple.com"
    /// ```
    public let host: String

    private init(host: String) {
      self.host = host
    }

    /// APNs' production server, `api.push.apple.com`: for the shipping app.
    ///
    /// ```swift
    /// let shipping = LiveActivityPush.Environment.production
    /// ```
    public static let production = Environment(host: "api.push.apple.com")

    /// APNs' development server, `api.sandbox.push.apple.com`: for testing.
    ///
    /// ```swift
    /// let testing = LiveActivityPush.Environment.development
    /// ```
    public static let development = Environment(host: "api.sandbox.push.apple.com")

    /// The server's host name.
    ///
    /// ```swift
    /// print(LiveActivityPush.Environment.production)  // api.push.apple.com
    /// ```
    public var description: String { host }
  }
}
