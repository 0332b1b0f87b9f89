import CountdownCore
import XCTest

/// A walk at milestones whose milestone and segment end a late pass finds both passed moves on past
/// that end in the call it makes, as any pass that finds a segment's end does (rule 15), rather
/// than telling the milestone in a segment with no time left and its end a pass later. Found by the
/// model-based simulation (seed 810160), whose shrunk sequence this replays.
final class LateMilestoneAtASegmentsEndTests: XCTestCase {
  func testALatePassPastAMilestoneAndItsSegmentsEndTellsTheEnd() throws {
    let plan = SimulationPlan([
      SegmentBlock(lengths: [500_000_000, 500_000_000, 300_000_000], pausesAfter: [true, true, false]),
      SegmentBlock(lengths: [400_000_000], repetition: .times(2)),
      SegmentBlock(lengths: [100_000_000, 500_000_000, 200_000_000], pausesAfter: [false, true, false]),
    ])
    let steps: [SimulationStep] =
      [.oneShot(slot: 1, milliseconds: 164, pauses: false)]
      + [20, 24, 42, 8, 26, 15, 50, 10, 45].map { .advance(milliseconds: $0) }
      + [
        .jump(milliseconds: 119),
        .preempted(.oneShot(slot: 1, milliseconds: 315, pauses: false), by: .advance(milliseconds: 68)),
        .advance(milliseconds: 25), .advance(milliseconds: 48), .advance(milliseconds: 88), .jump(milliseconds: 1_942),
        .walk(
          slot: 3, plan: plan, from: 0, leftMilliseconds: nil, pauses: false,
          deliveries: .milestones(SimulationModel.milestones), paused: false),
        .advance(milliseconds: 70), .duringPass(.overtime(slot: 0, milliseconds: 550, pauses: false), offThread: true),
        .advance(milliseconds: 86), .duringPass(.cancel(slot: 1), offThread: false), .jump(milliseconds: 192),
      ]
    XCTAssertNil(try SimulationRun(seed: 810_160).run(steps)?.message)
  }
}
