/// Where per-countdown alignment's wheel has been visited up to, and whether it must be rebuilt.
struct WheelCursor {
  /// The number of the latest window the wheel was visited for (windows count from the grid's
  /// origin).
  private(set) var visitedWindow: Int64 = 0
  /// The wheel must be rebuilt by walking the table (after a suspension ends).
  private(set) var needsWalk = false

  /// A new grid starts (a new timer): no window of it is visited yet.
  mutating func restart() {
    visitedWindow = 0
  }

  /// The wheel was visited, or rebuilt, through window number `number`.
  mutating func markVisited(through number: Int64) {
    visitedWindow = max(visitedWindow, number)
  }

  mutating func requireWalk() {
    needsWalk = true
  }

  /// The walk that rebuilds the wheel began.
  mutating func clearNeedsWalk() {
    needsWalk = false
  }
}
