/// The one table a run prints: every metric, every alternative, every N, with its ratio to ours
/// and to H tuned, the floor of a dense design.
struct ResultTable {
  struct Row {
    var metric: Metric
    var alternative: String
    var receivers: Int
    /// `nil` when the alternative was not run at this N (its note then starts with "capped") or has
    /// no such figure.
    var value: Double?
    var note: String = ""
  }

  enum Metric: String, CaseIterable {
    case cpuPerCallback = "CPU per callback"
    case tickRate = "achieved tick rate"
    case tickCost = "tick cost alone"
    case registerFirstFill = "register (first fill)"
    case register = "register"
    case cancel = "cancel"
    case registerWhileTicking = "register while ticking (mean)"
    case registerWhileTickingP99 = "register while ticking (p99)"
    case registerWhileTickingWorst = "register while ticking (worst)"
    case cancelWhileTicking = "cancel while ticking (mean)"
    case cancelWhileTickingP99 = "cancel while ticking (p99)"
    case cancelWhileTickingWorst = "cancel while ticking (worst)"
    case residentBytes = "resident bytes per receiver"
    case spread = "spread of one tick's deliveries"

    /// Figures that depend on a heap no earlier run has used: later runs in the same process reuse
    /// the memory earlier ones freed, so only the first run's first fill touches new pages.
    var isFirstRunOnly: Bool {
      self == .residentBytes || self == .registerFirstFill
    }

    var unit: String {
      switch self {
      case .cpuPerCallback: "ns/callback"
      case .tickRate: "ticks/s"
      case .tickCost: "ns/receiver"
      case .register, .registerFirstFill, .cancel, .registerWhileTicking, .registerWhileTickingP99, .cancelWhileTicking,
        .cancelWhileTickingP99:
        "ns/op"
      case .registerWhileTickingWorst, .cancelWhileTickingWorst: "µs/op"
      case .residentBytes: "bytes"
      case .spread: "µs"
      }
    }
  }

  /// The label of our engine's rows: the reference of the "× ours" column.
  static let ours = "ours (Core engine)"
  /// H tuned, the floor of a dense design: the reference of the "× H tuned" column.
  static let tuned = "H tuned: dense array, one buffer access per tick"
  /// H naive: the same design with its array indexed entry by entry, as most people write it.
  static let naive = "H naive: dense array + index, one timer"
  /// H naive holding its receivers weakly, measured without a timer only (register, cancel, the
  /// tick, memory): what ours' weak references cost, apart from everything else.
  static let naiveWeak = "H+W: H naive holding receivers weakly"
  /// H tuned holding its receivers weakly, as ours must: the floor of a dense design that keeps
  /// ours' guarantee that a receiver is never retained, on the real timer too.
  static let tunedWeak = "H+W tuned: H tuned holding receivers weakly"
  /// H+W tuned calling its handlers with its lock released, as ours must: the floor of a dense
  /// design that keeps both of ours' rules that cost per callback.
  static let tunedOutside = "H+W+O tuned: H+W tuned calling handlers outside its lock"

  private(set) var rows: [Row] = []

  mutating func add(_ metric: Metric, _ alternative: String, _ receivers: Int, _ value: Double?, note: String = "") {
    rows.append(Row(metric: metric, alternative: alternative, receivers: receivers, value: value, note: note))
  }

  func value(_ metric: Metric, _ alternative: String, _ receivers: Int) -> Double? {
    rows.first { $0.metric == metric && $0.alternative == alternative && $0.receivers == receivers }?.value
  }

  /// One table from several runs of the same benchmark: each row's value is the median of its
  /// values in `runs` (the upper middle one of an even count), its note starts with their
  /// [min–max] and count, then the first run's note. Rows that only a fresh process measures
  /// (``Metric/isFirstRunOnly``) keep the first run's value.
  static func median(of runs: [ResultTable]) -> ResultTable {
    guard let first = runs.first, runs.count > 1 else { return runs.first ?? ResultTable() }
    var combined = ResultTable()
    for row in first.rows where row.metric.isFirstRunOnly {
      combined.add(row.metric, row.alternative, row.receivers, row.value, note: "first run only; \(row.note)")
    }
    for row in first.rows where !row.metric.isFirstRunOnly {
      let values = runs.compactMap { $0.value(row.metric, row.alternative, row.receivers) }.sorted()
      guard values.count == runs.count, let low = values.first, let high = values.last else {
        combined.add(row.metric, row.alternative, row.receivers, nil, note: row.note)
        continue
      }
      let note = "[\(format(value: low))–\(format(value: high))] of \(values.count) runs; \(row.note)"
      combined.add(row.metric, row.alternative, row.receivers, values[values.count / 2], note: note)
    }
    return combined
  }

  /// Aligned plain text, grouped by metric, then alternative, then N.
  func render(title: String) -> String {
    let header = ["metric", "unit", "alternative", "N", "value", "× ours", "× H tuned", "note"]
    var lines: [[String]] = []
    for metric in Metric.allCases {
      let group = rows.filter { $0.metric == metric }
      var alternatives: [String] = []
      for row in group where !alternatives.contains(row.alternative) { alternatives.append(row.alternative) }
      // Ours first (the Core engine, then the Kit manager), then the alternatives by letter.
      func rank(_ alternative: String) -> Int {
        alternative == Self.ours ? 0 : alternative.hasPrefix("ours") ? 1 : 2
      }
      alternatives.sort { (rank($0), $0) < (rank($1), $1) }
      for alternative in alternatives {
        for row in group where row.alternative == alternative {
          let reference = value(metric, Self.ours, row.receivers)
          let floor = value(metric, Self.tuned, row.receivers)
          lines.append([
            metric.rawValue, metric.unit, alternative, Self.format(count: row.receivers),
            row.value.map(Self.format(value:)) ?? (row.note.hasPrefix("capped") ? "capped" : "-"),
            Self.ratio(row.value, reference), Self.ratio(row.value, floor), row.note,
          ])
        }
      }
    }
    var widths = header.map(\.count)
    for line in lines {
      for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    // Numbers right-aligned, text left-aligned; the note column is not padded.
    let rightAligned: Set<Int> = [3, 4, 5, 6]
    func render(_ cells: [String]) -> String {
      cells.enumerated().map { column, cell in
        if column == cells.count - 1 { return cell }
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return rightAligned.contains(column) ? padding + cell : cell + padding
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    var output = [
      title, render(header), String(repeating: "-", count: widths.dropLast().reduce(0, +) + 2 * (widths.count - 1) + 4),
    ]
    var previousMetric: String?
    for line in lines {
      if let previousMetric, previousMetric != line[0] { output.append("") }
      previousMetric = line[0]
      output.append(render(line))
    }
    return output.joined(separator: "\n")
  }

  static func ratio(_ value: Double?, _ reference: Double?) -> String {
    guard let value, let reference, reference > 0 else { return "-" }
    let ratio = value / reference
    if ratio >= 100 { return "×\(Int(ratio.rounded()))" }
    if ratio >= 10 { return "×" + fixed(ratio, digits: 1) }
    if ratio >= 0.1 { return "×" + fixed(ratio, digits: 2) }
    return "×" + fixed(ratio, digits: 3)
  }

  static func format(count: Int) -> String {
    switch count {
    case 1_000: "10^3"
    case 10_000: "10^4"
    case 100_000: "10^5"
    case 30_000: "3×10^4"
    case 1_000_000: "10^6"
    default: String(count)
    }
  }

  static func format(value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return fixed(value, digits: 1) }
    return fixed(value, digits: 2)
  }

  /// `value` with a fixed number of decimals, without Foundation's formatters.
  static func fixed(_ value: Double, digits: Int) -> String {
    guard digits > 0 else { return String(Int(value.rounded())) }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(abs(scaled % Int(scale)))
    let sign = scaled < 0 && whole == 0 ? "-" : ""
    return sign + String(whole) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
