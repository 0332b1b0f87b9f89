extension CountdownPlan: Codable {
  private enum CodingKeys: String, CodingKey {
    case warmUp, blocks, coolDown
  }

  /// Decodes a plan written by ``encode(to:)``, and checks it as
  /// ``init(warmUp:blocks:coolDown:)`` does.
  ///
  /// ```swift
  /// let plan = try CountdownPlan(blocks: [CountdownPlan.Block([CountdownPhase("Work", .seconds(25 * 60))])])
  /// let saved = try JSONEncoder().encode(plan)
  /// let again = try JSONDecoder().decode(CountdownPlan.self, from: saved)  // == plan
  /// ```
  ///
  /// A part left out (`warmUp`, `blocks` or `coolDown`) is taken as empty, as the initializer's
  /// defaults are: a plan written by hand may name only its blocks.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: What the decoder throws for a field of the wrong type, or the
  ///   ``CountdownCore/CountdownError`` that ``init(warmUp:blocks:coolDown:)`` throws for a plan
  ///   that cannot run (``CountdownCore/CountdownError/emptyPlan`` for one with no part at all).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    try self.init(
      warmUp: container.decodeIfPresent([CountdownPhase].self, forKey: .warmUp) ?? [],
      blocks: container.decodeIfPresent([Block].self, forKey: .blocks) ?? [],
      coolDown: container.decodeIfPresent([CountdownPhase].self, forKey: .coolDown) ?? [])
  }

  /// Encodes the plan's warm-up, blocks and cool-down.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: What the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(warmUp, forKey: .warmUp)
    try container.encode(blocks, forKey: .blocks)
    try container.encode(coolDown, forKey: .coolDown)
  }
}
