import CountdownKit

/// The Pomodoro sample's screen: the bells rung, the phase shown, and whether it asks to start.
@MainActor final class FocusSession {
  var rung: [String] = []
  var shown: String?
  var asksToStart = false

  func ring(for phase: CountdownPhase) { rung.append(phase.name) }
  func show(_ position: CountdownPhasePosition?) { shown = position?.phase.name }
  func askToStartTheNextRound() { asksToStart = true }
}
