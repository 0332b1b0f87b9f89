/// What a simulation's walks went through, counted over its runs: so that a test can tell that
/// the model predicted calls rather than only took them up.
final class WalkCoverage: @unchecked Sendable {
  // @unchecked Sendable: counted on the main thread, where the model runs, or on a thread the
  // main thread waits for (a step off the delivery queue).
  private(set) var counts: [String: Int] = [:]

  func note(_ what: String) {
    counts[what, default: 0] += 1
  }

  subscript(_ what: String) -> Int { counts[what] ?? 0 }
}
