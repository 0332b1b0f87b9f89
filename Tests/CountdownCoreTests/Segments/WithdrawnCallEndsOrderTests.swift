@_spi(Walks) import CountdownCore
import XCTest

/// A segment call withdrawn before it began gives its ends back to the walk, which may have passed
/// more ends meanwhile: the next call tells them all, oldest first.
final class WithdrawnCallEndsOrderTests: XCTestCase {
  func testEndsGivenBackComeBeforeEndsPassedAfterTheWithdrawal() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let first = Receiver("first")
    let timer = Receiver("timer")
    // Called in the same pass before the walk's call for its first segment's end: the pause
    // withdraws that call, and the time taken ends the next segment (paused, with nothing left)
    // before the withdrawn call's end is given back.
    try engine.register(first, .duration(.seconds(2))) { value, _ in
      guard value == 0 else { return }
      engine.pause(timer)
      do {
        try engine.addTime(.seconds(-30), to: timer)
      } catch {
        XCTFail("time taken: \(error)")
      }
    }
    try engine.register(timer, walking: layout([2, 3, 4]), handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .seconds(2))
    try clock.advance(by: .zero)
    XCTAssertEqual(
      log.lines, ["#0 2", "1", "#2 4 ends 0,1 paused"], "one call tells both ends; the third segment waits paused")
    engine.resume(timer)
    let told = log.segmentCalls.flatMap { $0.ends.ends.map(\.ordinal) }
    XCTAssertEqual(told, [0, 1], "each end once, oldest first: \(log.lines)")
    withExtendedLifetime((first, timer)) {}
  }
}
