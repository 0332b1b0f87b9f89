@_spi(Walks) import CountdownCore

/// A small plan a simulation walks (``SimulationStep/walk(slot:plan:from:leftMilliseconds:pauses:deliveries:paused:)``),
/// and the model's own reading of it: every segment of its blocks that end written out one by one,
/// and a block that runs forever read cycle by cycle, never through the engine's arithmetic
/// (``SegmentLayout``), which is what the walk checks.
struct SimulationPlan: CustomStringConvertible, Sendable {
  let blocks: [SegmentBlock]
  /// The segments of the blocks that end, in order: each one's length and whether the walk pauses
  /// after it.
  private let written: [Segment]
  /// The last block, when it runs forever: its segments follow ``written``.
  private let endless: SegmentBlock?

  /// One segment of the plan.
  typealias Segment = (length: Int64, pausesAfter: Bool)

  init(_ blocks: [SegmentBlock]) {
    self.blocks = blocks
    var written: [Segment] = []
    var endless: SegmentBlock?
    for block in blocks {
      switch block.repetition {
      case .times(let count):
        for index in 0..<(count * block.lengths.count) { written.append(Self.segment(index, of: block)) }
      case .lasting(let total):
        // Cycles until the total, the last segment cut short there.
        var elapsed: Int64 = 0
        var index = 0
        while elapsed < total {
          let segment = Self.segment(index, of: block)
          let length = min(segment.length, total - elapsed)
          written.append((length, segment.pausesAfter))
          elapsed += length
          index += 1
        }
      case .forever:
        endless = block
      }
    }
    self.written = written
    self.endless = endless
  }

  /// The `index`-th segment of `block`'s cycles, every cycle counted: the long break in place of
  /// the cycle's last segment every few cycles.
  private static func segment(_ index: Int, of block: SegmentBlock) -> Segment {
    let (cycle, indexInCycle) = index.quotientAndRemainder(dividingBy: block.lengths.count)
    if let longBreak = block.longBreakLength, indexInCycle == block.lengths.count - 1,
      cycle % block.longBreakEvery == block.longBreakEvery - 1
    {
      return (longBreak, block.longBreakPausesAfter)
    }
    return (block.lengths[indexInCycle], block.pausesAfter[indexInCycle])
  }

  /// The number of segments; `nil`: forever.
  var count: Int? { endless == nil ? written.count : nil }

  /// The most segments of one block's cycle: how many of the latest ends a call tells one by one.
  var window: Int { blocks.map(\.lengths.count).max() ?? 1 }

  /// Whether `ordinal` is past the last segment.
  func isEnded(_ ordinal: Int) -> Bool { count.map { ordinal >= $0 } ?? false }

  /// The segment of `ordinal`, below ``count``.
  func segment(_ ordinal: Int) -> Segment {
    if ordinal < written.count { return written[ordinal] }
    return Self.segment(ordinal - written.count, of: endless!)
  }

  /// How long the segment of `ordinal` lasts.
  func length(_ ordinal: Int) -> Int64 { segment(ordinal).length }

  /// Whether the walk pauses after the segment of `ordinal`: never after the plan's last.
  func pausesAfter(_ ordinal: Int) -> Bool {
    segment(ordinal).pausesAfter && !isEnded(ordinal + 1)
  }

  /// The engine's arithmetic of the plan.
  func layout() throws -> SegmentLayout { try SegmentLayout(blocks) }

  var description: String {
    blocks.map { block in
      var text = "["
      text += zip(block.lengths, block.pausesAfter).map { "\($0 / 1_000_000)\($1 ? "p" : "")" }.joined(separator: ",")
      text += "]"
      switch block.repetition {
      case .times(let count): text += "×\(count)"
      case .lasting(let total): text += " for \(total / 1_000_000) ms"
      case .forever: text += " forever"
      }
      if let longBreak = block.longBreakLength {
        text += " long \(longBreak / 1_000_000)\(block.longBreakPausesAfter ? "p" : "") every \(block.longBreakEvery)"
      }
      return text
    }.joined(separator: " + ")
  }

  /// A random plan: one to three blocks of one to three segments of 100 ms to 500 ms, one in six
  /// pausing after, each block run one to three times, now and then for a total time (its last
  /// segment cut short), the last one now and then forever, and one block in eight with a long
  /// break (100 ms to 1 s, shorter or longer than the segment it replaces).
  static func random(using generator: inout SplitMix64) -> SimulationPlan {
    let blockCount = 1 + Int(generator.next() % 3)
    var blocks: [SegmentBlock] = []
    for number in 0..<blockCount {
      let segments = 1 + Int(generator.next() % 3)
      let lengths = (0..<segments).map { _ in 100_000_000 * Int64(1 + generator.next() % 5) }
      let pausesAfter = (0..<segments).map { _ in generator.next() % 6 == 0 }
      let repetition: SegmentBlock.Repetition
      switch generator.next() % 8 {
      case 0 where number == blockCount - 1: repetition = .forever
      case 1: repetition = .lasting(50_000_000 * Int64(1 + generator.next() % 40))
      default: repetition = .times(1 + Int(generator.next() % 3))
      }
      var block = SegmentBlock(lengths: lengths, pausesAfter: pausesAfter, repetition: repetition)
      if generator.next() % 8 == 0 {
        block.longBreakLength = 100_000_000 * Int64(1 + generator.next() % 10)
        block.longBreakEvery = 1 + Int(generator.next() % 3)
        block.longBreakPausesAfter = generator.next() % 4 == 0
      }
      blocks.append(block)
    }
    return SimulationPlan(blocks)
  }
}
