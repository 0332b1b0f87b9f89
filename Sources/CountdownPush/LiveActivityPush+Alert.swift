extension LiveActivityPush {
  /// The payload's `alert`, for an update the person should notice: a title, a body and optionally
  /// a sound. The device lights up and shows the Live Activity's expanded presentation in the
  /// Dynamic Island, or a banner where there is none.
  ///
  /// ```swift
  /// let done = LiveActivityPush.Alert(title: "Tea", body: "Your tea is ready.", sound: "chime.aiff")
  /// ```
  ///
  /// The title and the body are text of the server's, or keys of the app's `Localizable.strings`
  /// with arguments for their `%@` (``localized(titleKey:titleArguments:bodyKey:bodyArguments:sound:)``),
  /// so that the device shows them in the person's language.
  public struct Alert: Hashable, Sendable {
    /// A title's or a body's text: the server's, or a key of the app's strings with its arguments.
    private enum Text: Hashable, Sendable {
      case plain(String)
      case localized(key: String, arguments: [String])
    }

    private let title: Text
    private let body: Text

    /// The name of a sound file in the app's main bundle or in the `Library/Sounds` folder of its
    /// container, the alert's `sound`; `nil` leaves the key out.
    ///
    /// ```swift
    /// let sound = LiveActivityPush.Alert(title: "Tea", body: "Ready.", sound: "chime.aiff").sound
    /// ```
    public let sound: String?

    private init(title: Text, body: Text, sound: String?) {
      self.title = title
      self.body = body
      self.sound = sound
    }

    /// An alert with the server's title and body, in the language the server chose.
    ///
    /// ```swift
    /// let alert = LiveActivityPush.Alert(title: "Oven", body: "The bread is done.")
    /// ```
    ///
    /// - Parameters:
    ///   - title: The alert's `title`.
    ///   - body: The alert's `body`.
    ///   - sound: A sound file's name, the alert's `sound`; `nil` leaves the key out.
    public init(title: String, body: String, sound: String? = nil) {
      self.init(title: .plain(title), body: .plain(body), sound: sound)
    }

    /// An alert whose title and body are keys of the app's `Localizable.strings`, each `%@` of the
    /// string replaced by the next of its arguments, in the person's language: written as a
    /// `{"loc-key": …, "loc-args": […]}` object each, as Apple's Live Activity example does.
    ///
    /// ```swift
    /// let alert = LiveActivityPush.Alert.localized(
    ///   titleKey: "%@ is done", titleArguments: ["Oven"], bodyKey: "Take the bread out.")
    /// ```
    ///
    /// - Parameters:
    ///   - titleKey: The title's key, its `loc-key`.
    ///   - titleArguments: The title's `loc-args`; none leaves the key out.
    ///   - bodyKey: The body's key, its `loc-key`.
    ///   - bodyArguments: The body's `loc-args`; none leaves the key out.
    ///   - sound: A sound file's name, the alert's `sound`; `nil` leaves the key out.
    /// - Returns: The alert.
    public static func localized(
      titleKey: String, titleArguments: [String] = [], bodyKey: String, bodyArguments: [String] = [],
      sound: String? = nil
    ) -> Alert {
      Alert(
        title: .localized(key: titleKey, arguments: titleArguments),
        body: .localized(key: bodyKey, arguments: bodyArguments), sound: sound)
    }

    /// The alert as a JSON object, its keys sorted: `body`, `sound`, `title`.
    var json: String {
      var members = [#""body":"# + Self.json(body)]
      if let sound { members.append(#""sound":"# + LiveActivityPush.jsonString(sound)) }
      members.append(#""title":"# + Self.json(title))
      return "{" + members.joined(separator: ",") + "}"
    }

    /// A text as JSON: a string, or an object of `loc-args` (when there are any) and `loc-key`.
    private static func json(_ text: Text) -> String {
      switch text {
      case .plain(let string):
        return LiveActivityPush.jsonString(string)
      case .localized(let key, let arguments):
        let key = #""loc-key":"# + LiveActivityPush.jsonString(key)
        guard !arguments.isEmpty else { return "{" + key + "}" }
        let list = arguments.map(LiveActivityPush.jsonString).joined(separator: ",")
        return #"{"loc-args":["# + list + "]," + key + "}"
      }
    }
  }
}
