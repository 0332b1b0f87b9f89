@_spi(Walks) import CountdownCore
import XCTest

/// A walk cannot stand at a segment whose end lies past what the plan's arithmetic counts (a plan
/// that runs forever on segments of decades, past 292 years of plan): registering there or seeking
/// there is refused with `outOfRange`, and nothing changes; at the segment before it, the walk
/// still ends that segment at its deadline.
final class WalkBeyondThePlansArithmeticTests: XCTestCase {
  /// Two segments of 2⁶¹ ns (73 years) forever: the fourth ends at 2⁶³ ns, past what an `Int64` counts.
  func layoutOfDecades() throws -> SegmentLayout {
    try SegmentLayout([SegmentBlock(lengths: [1 << 61, 1 << 61], pausesAfter: nil, repetition: .forever)])
  }

  func testARegistrationOrASeekBeyondThePlansArithmeticIsRefused() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    let layout = try layoutOfDecades()
    XCTAssertTrue(layout.counts(2))
    XCTAssertFalse(layout.counts(3))
    XCTAssertThrowsError(
      try engine.register(
        timer, walking: layout, from: 6, left: 1_000_000_000, handler: log.handler, onSegment: log.onSegment)
    ) { XCTAssertEqual($0 as? CountdownError, .outOfRange) }
    XCTAssertFalse(engine.contains(timer))
    try engine.register(
      timer, walking: layout, from: 2, left: 1_000_000_000, handler: log.handler, onSegment: log.onSegment)
    XCTAssertThrowsError(try engine.move(timer, .seek(ordinal: 6, offset: 0))) {
      XCTAssertEqual($0 as? CountdownError, .outOfRange)
    }
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 2, "nothing moved")
    engine.cancel(timer)
  }

  func testASeekToTheFirstSegmentPastTheArithmeticIsRefused() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: try layoutOfDecades(), from: 2, left: 1_000_000_000, handler: log.handler,
      onSegment: log.onSegment)
    // The fourth segment starts within the arithmetic and ends past it.
    XCTAssertThrowsError(try engine.move(timer, .seek(ordinal: 3, offset: 0))) {
      XCTAssertEqual($0 as? CountdownError, .outOfRange)
    }
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 2, "nothing moved")
    engine.cancel(timer)
  }

  /// Whether the first segment counts is answered from its length, with no search: the same answer
  /// as from its end, for a first segment cut short by its block's total, one in a later block's
  /// plan, one that runs forever, and one as long as an `Int64` counts (which does not count).
  func testTheFirstSegmentCountsAsItsEndSays() throws {
    let layouts = try [
      SegmentLayout([SegmentBlock(lengths: [5, 7], repetition: .lasting(3)), SegmentBlock(lengths: [2])]),
      SegmentLayout([SegmentBlock(lengths: [4]), SegmentBlock(lengths: [9, 1], repetition: .forever)]),
      SegmentLayout([SegmentBlock(lengths: [1 << 62], repetition: .forever)]),
      SegmentLayout([SegmentBlock(lengths: [.max])]),
      layoutOfDecades(),
    ]
    for layout in layouts {
      XCTAssertEqual(layout.end(ofOrdinal: 0), layout.firstSegmentLength)
      XCTAssertEqual(layout.counts(0), layout.end(ofOrdinal: 0) < .max)
    }
    XCTAssertFalse(layouts[3].counts(0), "a first segment as long as an Int64 counts ends past it")
  }
}
