/// The per-wakeup row as plain text: each contender's CPU per wakeup (median of its windows,
/// [min–max]), its wakeups a second, its ratio to the bare timer, and the difference window by
/// window.
enum WakeupTable {
  static func render(_ run: WakeupRun, title: String) -> String {
    let ours = run.ours.compactMap(\.microsecondsPerWakeup)
    let bare = run.bare.compactMap(\.microsecondsPerWakeup)
    // Window i of ours ran right before window i of the bare timer: their difference is taken
    // pair by pair, so a slow stretch of the machine weighs on both sides of it.
    let differences = zip(ours, bare).map { $0 - $1 }
    let bareMedian = median(bare)
    var lines = [
      title, "alternative                                          µs/wakeup, median [min–max]   wakeups/s   × bare",
    ]
    lines.append(String(repeating: "-", count: lines[1].count))
    lines.append(row(OursWakeupContender.label, ours, run.ours, run: run, reference: bareMedian))
    lines.append(row(BareRepeatingTimer.label, bare, run.bare, run: run, reference: bareMedian))
    lines.append(row("ours − bare, window by window", differences, [], run: run, reference: nil))
    let locks = run.ours.compactMap { window in
      window.lockEntries.map { Double($0) / Double(max(1, window.wakeups)) }
    }
    if !locks.isEmpty {
      lines.append(
        "ours' lock entries per wakeup: \(locks.map { ResultTable.fixed($0, digits: 2) }.joined(separator: ", "))")
    }
    return lines.joined(separator: "\n")
  }

  private static func row(
    _ label: String, _ values: [Double], _ windows: [WakeupRun.Window], run: WakeupRun, reference: Double?
  ) -> String {
    let figure =
      values.isEmpty
      ? "-" : "\(ResultTable.fixed(median(values) ?? 0, digits: 1)) [\(range(values))]"
    let wakeups = windows.reduce(0) { $0 + $1.wakeups }
    let wall = windows.reduce(Int64(0)) { $0 + $1.wallNanoseconds }
    let rate = wall > 0 ? ResultTable.fixed(Double(wakeups) / (Double(wall) / 1e9), digits: 1) : ""
    let ratio = reference.map { ResultTable.ratio(median(values), $0) } ?? ""
    let line = pad(label, 53) + pad(figure, 30) + pad(rate, 12) + ratio
    return String(line.reversed().drop { $0 == " " }.reversed())
  }

  static func median(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.sorted()[values.count / 2]
  }

  private static func range(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return "\(ResultTable.fixed(sorted.first ?? 0, digits: 1))–\(ResultTable.fixed(sorted.last ?? 0, digits: 1))"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
