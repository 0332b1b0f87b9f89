public import Foundation

/// What one alert of ``CountdownNotifications`` is about, handed to its content closure when the
/// request is made: the countdown's id, the moment (its end, or a milestone before it), when the end
/// comes, and, for a countdown in phases, the phase that ends and the one after it.
///
/// ```swift
/// let alerts = try CountdownNotifications(String.self, center: UserNotificationCenter()) { alert in
///   guard let phaseEnd = alert.phaseEnd else { return CountdownAlertContent(title: "\(alert.id)", body: "Done.") }
///   guard let next = phaseEnd.nextPhase else {
///     return CountdownAlertContent(title: phaseEnd.phase.name, body: "That was the last one.")
///   }
///   guard let until = phaseEnd.nextPhaseEndDate else {  // the plan waits for the person after this phase
///     return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) when you are ready.")
///   }
///   let time = until.formatted(date: .omitted, time: .shortened)
///   return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) until \(time).")
/// }
/// ```
///
/// The request is made ahead of its end, as soon as the end is among the soonest the budget holds:
/// the dates are those the plan has then, and a change that moves them (a pause, a skip, time added)
/// makes the request again, with the closure called again.
public struct CountdownAlertContext<ID: Hashable & Sendable>: Hashable, Sendable {
  /// The countdown's id.
  public let id: ID
  /// Which alert it is: the end, or a milestone before it.
  public let moment: CountdownAlertMoment
  /// When the end this alert is about comes (a countdown's end, or the phase's end), on the
  /// device's clock as it is when the request is made; a milestone's alert comes its time before.
  public let endDate: Date
  /// The phase end this alert is about, for a countdown in phases; `nil` for a single countdown.
  public let phaseEnd: CountdownAlertPhaseEnd?

  /// What an alert is about; the package makes them (public for tests of an app's content closure).
  ///
  /// - Parameters:
  ///   - id: The countdown's id.
  ///   - moment: The end, or a milestone.
  ///   - endDate: When the end comes.
  ///   - phaseEnd: The phase end, for a countdown in phases.
  public init(id: ID, moment: CountdownAlertMoment, endDate: Date, phaseEnd: CountdownAlertPhaseEnd? = nil) {
    self.id = id
    self.moment = moment
    self.endDate = endDate
    self.phaseEnd = phaseEnd
  }
}
