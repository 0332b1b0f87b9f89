extension CountdownPhase {
  /// What a phase is for: work, recovery, or the app's own word.
  ///
  /// ```swift
  /// let rest = CountdownPhase("Walk", .seconds(90), purpose: .recovery)
  /// let stretch = CountdownPhase("Stretch", .seconds(2 * 60), purpose: CountdownPhase.Purpose("stretch"))
  /// ```
  ///
  /// A struct over a string rather than an enum, so that an app may use a word of its own and a
  /// minor release may add one without breaking a `switch`: compare with `==` and keep a `default`.
  public struct Purpose: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The purpose's word, as written in snapshots: `"work"`, `"recovery"`, or the app's.
    public let rawValue: String

    /// A purpose of the app's own, such as `"stretch"`.
    ///
    /// - Parameter rawValue: The word that names it.
    public init(_ rawValue: String) {
      self.rawValue = rawValue
    }

    /// The phase is effort: a work session, a sprint, a set.
    public static let work = Purpose("work")
    /// The phase is rest: a break, a walk between runs.
    public static let recovery = Purpose("recovery")

    /// Decodes the purpose from its word alone.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What the decoder throws for a value that is not a string.
    public init(from decoder: any Decoder) throws {
      rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the purpose as its word alone.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(rawValue)
    }

    /// The purpose's word: `"recovery"`.
    public var description: String { rawValue }
  }
}
