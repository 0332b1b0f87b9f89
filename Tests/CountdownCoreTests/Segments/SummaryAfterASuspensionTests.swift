@_spi(Walks) import CountdownCore
import XCTest

/// A walk that pauses while the engine is suspended counts on running time, which runs behind the
/// clock by the time suspended. Ends passed later in one late wakeup, too many to tell one by one,
/// are still told on the clock: the summary's instants as well as the single ends'.
final class SummaryAfterASuspensionTests: XCTestCase {
  func testTheSummaryOfALateWakeupAfterASuspensionIsOnTheClock() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([2, 3], repetition: .forever), whileSuspended: .pauses, handler: log.handler,
      onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(100))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    // One wakeup 11 s on: the ends at 102, 105, 107 and 110 s on the clock, the plan's time
    // frozen for the 100 s suspended.
    try clock.jump(by: .seconds(11))
    let call = try XCTUnwrap(log.segmentCalls.last)
    XCTAssertEqual(log.lines.last, "#4 1 ends 0..<2,2,3")
    let summary = try XCTUnwrap(call.ends.summary)
    XCTAssertEqual(summary.first, 102_000_000_000, "the summary's first end on the clock")
    XCTAssertEqual(summary.last, 105_000_000_000, "the summary's last end on the clock")
    XCTAssertEqual(call.ends.ends.map(\.instant), [107_000_000_000, 110_000_000_000])
    withExtendedLifetime(timer) {}
  }
}
