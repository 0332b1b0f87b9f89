/// The HIIT sample's screen: what it shows, and whether the workout finished.
@MainActor final class WorkoutScreen {
  var shown: [String] = []
  var finished = false

  func show(_ name: String, round: Int, secondsLeft: Int) { shown.append("\(name) \(round) \(secondsLeft)") }
  func finish() { finished = true }
}
