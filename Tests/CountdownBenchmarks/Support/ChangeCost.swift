import CountdownKit
import Dispatch
import Foundation

/// What one change to a followed manager costs: the time per `addTime` call and the center calls
/// it made. The alerts' benchmarks (notifications, alarms, Live Activities) measure and print it
/// the same way.
struct ChangeCost {
  var nanosecondsPerChange: Double
  var callsPerChange: Double

  /// Times `addTime` on each of `ids` in turn, ±1 s alternately, and counts the center calls
  /// `calls()` reports across them.
  @MainActor
  static func measure(_ manager: CountdownManager, ids: [Int], calls: () -> Int) throws -> ChangeCost {
    let before = calls()
    let start = DispatchTime.now().uptimeNanoseconds
    for (index, id) in ids.enumerated() {
      try manager.addTime(.seconds(index.isMultiple(of: 2) ? 1 : -1), id: id)
    }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    let count = Double(ids.count)
    return ChangeCost(nanosecondsPerChange: Double(elapsed) / count, callsPerChange: Double(calls() - before) / count)
  }

  /// One printed row: N, the row's name, and the median [min–max] of both figures over `costs`.
  static func row(n: Int, name: String, nameWidth: Int, _ costs: [ChangeCost]) -> String {
    "  \(String(n).padding(toLength: 8, withPad: " ", startingAt: 0)) | \(name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)) | "
      + "\(summary(costs.map(\.nanosecondsPerChange), format: "%.0f").padding(toLength: 26, withPad: " ", startingAt: 0)) | "
      + summary(costs.map(\.callsPerChange), format: "%.2f")
  }

  private static func summary(_ values: [Double], format: String) -> String {
    let sorted = values.sorted()
    return String(format: "\(format) [\(format)–\(format)]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
