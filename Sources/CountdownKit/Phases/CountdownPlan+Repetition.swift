extension CountdownPlan {
  /// How many times a block's cycle of phases runs: a number of times, forever, or for a total
  /// time.
  ///
  /// ```swift
  /// let eight = CountdownPlan.Repetition.times(8)
  /// let endless = CountdownPlan.Repetition.forever
  /// let halfAnHour = CountdownPlan.Repetition.lasting(.seconds(30 * 60))
  /// ```
  ///
  /// A struct with one static member per choice, rather than an enum, so that a minor release can
  /// add a choice without breaking a `switch` in the app: compare with `==`, read ``count`` and
  /// ``total``, and keep a `default`.
  public struct Repetition: Hashable, Sendable, Codable, CustomStringConvertible {
    private enum Choice: Hashable, Sendable {
      case times(Int)
      case forever
      case lasting(Duration)
    }

    private let choice: Choice

    private init(_ choice: Choice) {
      self.choice = choice
    }

    /// The cycle runs `count` times (one or more, as a plan checks), then the plan goes on with
    /// what follows the block.
    ///
    /// - Parameter count: How many cycles: 1 or more.
    /// - Returns: The repetition.
    public static func times(_ count: Int) -> Repetition {
      Repetition(.times(count))
    }

    /// The cycle runs until the app cancels the plan: the block is the plan's last part, with no
    /// block or cool-down after it (``CountdownCore/CountdownError/unreachablePhases``).
    public static let forever = Repetition(.forever)

    /// The cycle runs again and again for `total`, then the block ends, at exactly that time after
    /// it began: the phase running then is cut short (30 minutes of 4-minute cycles is seven
    /// cycles and the first 2 minutes of an eighth). What a run of "walk and run for 30 minutes"
    /// is.
    ///
    /// - Parameter total: How long the block lasts: above zero, as a plan checks.
    /// - Returns: The repetition.
    public static func lasting(_ total: Duration) -> Repetition {
      Repetition(.lasting(total))
    }

    /// The number of cycles of ``times(_:)``; `nil` for any other choice.
    public var count: Int? {
      if case .times(let count) = choice { return count }
      return nil
    }

    /// The total time of ``lasting(_:)``; `nil` for any other choice.
    public var total: Duration? {
      if case .lasting(let total) = choice { return total }
      return nil
    }

    /// Whether this is ``forever``.
    public var isForever: Bool {
      if case .forever = choice { return true }
      return false
    }

    private enum CodingKeys: String, CodingKey {
      case times, forever, lasting
    }

    /// Decodes a repetition written by ``encode(to:)``: one key, `times`, `forever` or `lasting`.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` for an object with none of the three keys, or what
    ///   the decoder throws for a value of the wrong type.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      if let count = try container.decodeIfPresent(Int.self, forKey: .times) {
        self.init(.times(count))
      } else if try container.decodeIfPresent(Bool.self, forKey: .forever) == true {
        self.init(.forever)
      } else if let total = try container.decodeIfPresent(Duration.self, forKey: .lasting) {
        self.init(.lasting(total))
      } else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "no repetition: times, forever or lasting"))
      }
    }

    /// Encodes the repetition as an object of one key: `{"times": 4}`, `{"forever": true}` or
    /// `{"lasting": …}` (a `Duration` as the encoder writes it).
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      switch choice {
      case .times(let count): try container.encode(count, forKey: .times)
      case .forever: try container.encode(true, forKey: .forever)
      case .lasting(let total): try container.encode(total, forKey: .lasting)
      }
    }

    /// The choice as its static member spells it: `"times(4)"`, `"forever"`, `"lasting(1800.0 seconds)"`.
    public var description: String {
      switch choice {
      case .times(let count): "times(\(count))"
      case .forever: "forever"
      case .lasting(let total): "lasting(\(total))"
      }
    }
  }
}
