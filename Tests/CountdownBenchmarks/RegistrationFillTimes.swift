import CountdownCore
import Foundation
import XCTest

/// A quick look, in time, at the comparison table's register at 10⁵: ours (``OursManualRun``) and
/// H tuned (``DenseArrayRun``) each filled `COUNTDOWN_REGISTRATION_FILLS` times from empty,
/// cancelling every receiver between fills, in one process; prints each fill's CPU ns per
/// registration and the median of the fills after the first. A few seconds, where the table takes
/// half a minute: for trying a change between table runs (several processes of each build,
/// alternating), never for a published figure. Skipped unless the variable is set.
final class RegistrationFillTimes: XCTestCase {
  func testFillsOfOursAndHTuned() throws {
    let fills = ProcessInfo.processInfo.environment["COUNTDOWN_REGISTRATION_FILLS"].flatMap(Int.init)
    guard let fills, fills >= 2 else {
      throw XCTSkip("set COUNTDOWN_REGISTRATION_FILLS to the number of fills (at least 2)")
    }
    let n = RegistrationInstructions.registrations
    let ours = try OursManualRun(receivers: n, interval: .milliseconds(10))
    var oursTimes: [Double] = []
    for _ in 0..<fills {
      oursTimes.append(try ours.registerAll())
      _ = ours.cancelAll()
    }
    let dense = DenseArrayRun<DenseArrayTunedTimer>(receivers: n)
    var denseTimes: [Double] = []
    for _ in 0..<fills {
      denseTimes.append(dense.registerAll())
      _ = dense.cancelAll()
    }
    XCTAssertEqual(ours.engine.count, 0, "every receiver cancelled")
    for (label, times) in [("ours", oursTimes), ("H tuned", denseTimes)] {
      let later = times.dropFirst().sorted()
      let line = times.map { String(format: "%.0f", $0) }.joined(separator: " ")
      print("\(label): \(line); median after the first \(String(format: "%.0f", later[later.count / 2])) ns")
    }
  }
}
