/// A segment end the simulation's model expects a walk to tell: the segment's ordinal, when it
/// ended (counted from the run's start, within brackets), and what the walk did after it.
struct WalkEnd: CustomStringConvertible {
  let ordinal: Int
  var instantMin: Int64
  var instantMax: Int64
  /// It was the plan's last segment.
  let planEnded: Bool
  /// The walk pauses after it.
  let paused: Bool

  var description: String {
    "\(ordinal)@\(instantMin == instantMax ? "\(instantMin)" : "\(instantMin)…\(instantMax)")"
  }
}
