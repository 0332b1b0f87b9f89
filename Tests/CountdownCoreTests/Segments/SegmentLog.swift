@_spi(Walks) import CountdownCore
import XCTest

/// What a walk's two handlers saw, in order: each value's call as `"5"`, each segment call as
/// `"#1 5"` (ordinal, value), with `" ends 0,1"` for the ends it told (a summary as `"0..<3"`),
/// `" paused"` while paused and `" ended"` once the plan has ended.
final class SegmentLog: Sendable {
  private let seen = LockedState<[String]>([])
  private let calls = LockedState<[SegmentCall]>([])

  var handler: CountdownHandler {
    { value, _ in self.seen.withLock { $0.append("\(value)") } }
  }

  var onSegment: SegmentHandler {
    { call, _ in
      self.calls.withLock { $0.append(call) }
      var line = "#\(call.ordinal) \(call.value)"
      if !call.ends.isEmpty {
        var parts: [String] = []
        if let summary = call.ends.summary {
          parts.append("\(summary.ordinals.lowerBound)..<\(summary.ordinals.upperBound)")
        }
        parts += call.ends.ends.map { "\($0.ordinal)" }
        line += " ends " + parts.joined(separator: ",")
      }
      if call.isPaused { line += " paused" }
      if call.ends.planEnded { line += " ended" }
      self.seen.withLock { $0.append(line) }
    }
  }

  var lines: [String] { seen.withLock { $0 } }
  var segmentCalls: [SegmentCall] { calls.withLock { $0 } }
  func clear() { seen.withLock { $0 = [] } }
}

/// A layout of one block of `seconds` segments.
func layout(
  _ seconds: [Int64], pausesAfter: [Bool]? = nil, repetition: SegmentBlock.Repetition = .times(1)
) throws -> SegmentLayout {
  try SegmentLayout([
    SegmentBlock(lengths: seconds.map { $0 * 1_000_000_000 }, pausesAfter: pausesAfter, repetition: repetition)
  ])
}
