@_spi(Walks) import CountdownCore
import XCTest

/// A block that lasts a total time ends there, cutting its last segment short: no segment start,
/// end or length of the layout reaches past that total, even when the total is shorter than one
/// cycle or than the first segment.
final class BlockCutAtItsTotalTests: XCTestCase {
  private let second: Int64 = 1_000_000_000

  func testATotalShorterThanTheFirstSegmentCutsThatSegment() throws {
    let layout = try layout([10, 5], repetition: .lasting(4 * second))
    XCTAssertEqual(layout.segmentCount, 1)
    XCTAssertEqual(layout.length, 4 * second)
    XCTAssertEqual(layout.length(ofOrdinal: 0), 4 * second)
    XCTAssertEqual(layout.end(ofOrdinal: 0), 4 * second)
    XCTAssertEqual(layout.parts[0].start(of: 1), 4 * second)
    XCTAssertEqual(layout.parts[0].end(of: 0), 4 * second)
  }

  func testATotalShorterThanACycleCutsTheSegmentRunningAtIt() throws {
    let layout = try layout([3, 3, 3], repetition: .lasting(7 * second))
    XCTAssertEqual(layout.segmentCount, 3)
    XCTAssertEqual((0..<3).map { layout.length(ofOrdinal: $0) }, [3 * second, 3 * second, 1 * second])
    XCTAssertEqual(layout.parts[0].end(of: 2), 7 * second)
    XCTAssertEqual(layout.parts[0].start(of: 3), 7 * second)
  }

  func testACutPartsLastSegmentEndsAtItsTotalBeforeTheNextPart() throws {
    let layout = try SegmentLayout([
      SegmentBlock(lengths: [3 * second, 3 * second], repetition: .lasting(7 * second)),
      SegmentBlock(lengths: [5 * second]),
    ])
    XCTAssertEqual(layout.segmentCount, 4)
    XCTAssertEqual((0..<4).map { layout.length(ofOrdinal: $0) }, [3, 3, 1, 5].map { $0 * second })
    XCTAssertEqual((0...4).map { layout.start(ofOrdinal: $0) }, [0, 3, 6, 7, 12].map { $0 * second })
  }

  func testAWalkOfAFirstSegmentCutShortRunsOnlyToTheTotal() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([10, 5], repetition: .lasting(4 * second)), handler: log.handler,
      onSegment: log.onSegment)
    for _ in 0..<4 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#0 4", "3", "2", "1", "#1 0 ends 0 ended"])
    withExtendedLifetime(timer) {}
  }

  func testAWalkRegisteredAtACutSegmentStartsWithWhatIsLeftOfIt() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([3, 3], repetition: .lasting(7 * second)), from: 2, handler: log.handler,
      onSegment: log.onSegment)
    XCTAssertEqual(log.lines, ["#2 1"], "1 s of the third segment's 3 s lies before the total")
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(log.lines.last, "#3 0 ends 2 ended")
    withExtendedLifetime(timer) {}
  }
}
