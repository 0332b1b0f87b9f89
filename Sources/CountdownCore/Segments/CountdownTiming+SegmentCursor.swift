extension CountdownTiming {
  /// Begins a segment timed by `timing`: running until its deadline, or paused with its time left.
  mutating func begin(_ timing: SegmentCursor.Timing) {
    switch timing {
    case .running(let deadline): beginSegment(runningUntil: deadline)
    case .paused(let left): beginSegment(pausedWith: left)
    }
  }
}
