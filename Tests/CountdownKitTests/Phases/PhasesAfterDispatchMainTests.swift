import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// After `dispatchMain()` the main queue's blocks run on the pool's threads: an operation made from
/// a plan's first call, inside its start in such a block, returns (it once waited for the start's
/// hand-over forever). `dispatchMain()` never returns, so the case runs in a child process.
final class PhasesAfterDispatchMainTests: XCTestCase {
  private static func report(_ line: String) {
    FileHandle.standardError.write(Data("REPORT \(line)\n".utf8))
  }

  func testASkipFromAPlansFirstCallInsideItsStartInAMainQueueBlockReturns() throws {
    #if os(Linux)
      let scenario = "skip from a first call after dispatchMain"
      if TrapRun.scenario == scenario {
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) {
          Self.report("hung")
          exit(1)
        }
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            do {
              let (manager, _) = try makeManager()
              let plan = try CountdownPlan(blocks: [
                .init([CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))], repeated: .times(2))
              ])
              var calls: [String] = []
              var skipped = false
              try manager.start(id: "run", plan: plan) { id, update, _ in
                calls.append("\(update.position?.phase.name ?? "end") \(update.remaining)")
                if !skipped {
                  skipped = true
                  manager.skipPhase(id: id)
                }
              }
              Self.report("returned: \(calls)")
            } catch {
              Self.report("failed: \(error)")
            }
            exit(0)
          }
        }
        dispatchMain()
      }
      let test =
        "CountdownKitTests.PhasesAfterDispatchMainTests/"
        + "testASkipFromAPlansFirstCallInsideItsStartInAMainQueueBlockReturns"
      let (process, text) = try TrapRun.runChild(test: test, scenario: scenario)
      XCTAssertEqual(process.terminationReason, .exit, text.suffix(2_000).description)
      let reported = text.split(separator: "\n").filter { $0.hasPrefix("REPORT ") }.map { String($0.dropFirst(7)) }
      XCTAssertEqual(reported, ["returned: [\"Work 5\", \"Rest 2\"]"])
    #else
      throw XCTSkip("this test runs the test binary again as a child process, which only Linux's XCTest allows")
    #endif
  }
}
