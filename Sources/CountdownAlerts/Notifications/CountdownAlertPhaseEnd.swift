public import CountdownKit
public import Foundation

/// The phase end an alert of a countdown in phases is about (``CountdownAlertContext/phaseEnd``):
/// the phase that ends and its place in the plan, and the phase that starts then, with its end.
///
/// ```swift
/// func body(of phaseEnd: CountdownAlertPhaseEnd) -> String {
///   guard let next = phaseEnd.nextPhase else { return "All done." }
///   guard let until = phaseEnd.nextPhaseEndDate else { return "\(next.name) when you are ready." }
///   return "\(next.name) until \(until.formatted(date: .omitted, time: .shortened))."
/// }
/// ```
public struct CountdownAlertPhaseEnd: Hashable, Sendable {
  /// The phase that ends.
  public let phase: CountdownPhase
  /// Its number across the whole plan (``CountdownKit/CountdownPhasePosition/ordinal``): the part
  /// of the request's identifier that tells one phase end from another
  /// (``CountdownNotifications/phaseOrdinal(forRequest:)``).
  public let ordinal: Int
  /// Its index among the phases written beside it (``CountdownKit/CountdownPhasePosition/phaseIndex``).
  public let phaseIndex: Int
  /// Its cycle, from 0 (``CountdownKit/CountdownPhasePosition/cycle``).
  public let cycle: Int
  /// Whether it is the plan's long break.
  public let isLongBreak: Bool
  /// When it ends, on the device's clock as it is when the request is made.
  public let date: Date
  /// The phase that starts when it ends; `nil` at the plan's end.
  public let nextPhase: CountdownPhase?
  /// When the next phase ends, if the plan runs on into it: "a breather until 10:35". `nil` at the
  /// plan's end, and after a phase after which the plan pauses (``CountdownKit/CountdownPhase/pausesAfter``):
  /// the next phase waits for the app.
  public let nextPhaseEndDate: Date?

  /// A phase end; the package makes them (public for tests of an app's content closure).
  ///
  /// - Parameters:
  ///   - phase: The phase that ends.
  ///   - ordinal: Its number across the plan.
  ///   - phaseIndex: Its index among the phases written beside it.
  ///   - cycle: Its cycle.
  ///   - isLongBreak: Whether it is the plan's long break.
  ///   - date: When it ends.
  ///   - nextPhase: The phase that starts then; `nil` at the plan's end.
  ///   - nextPhaseEndDate: When the next phase ends, if the plan runs on into it.
  public init(
    phase: CountdownPhase, ordinal: Int, phaseIndex: Int, cycle: Int, isLongBreak: Bool = false, date: Date,
    nextPhase: CountdownPhase?, nextPhaseEndDate: Date?
  ) {
    self.phase = phase
    self.ordinal = ordinal
    self.phaseIndex = phaseIndex
    self.cycle = cycle
    self.isLongBreak = isLongBreak
    self.date = date
    self.nextPhase = nextPhase
    self.nextPhaseEndDate = nextPhaseEndDate
  }

  /// The phase end the notifications read, its instants made dates by `date`.
  init(_ end: NotificationsPhaseEnd, date: (Int64) -> Date) {
    self.init(
      phase: end.ending.phase, ordinal: end.ordinal, phaseIndex: end.ending.indexInCycle, cycle: end.ending.cycle,
      isLongBreak: end.ending.isLongBreak, date: date(end.instant), nextPhase: end.next?.phase,
      nextPhaseEndDate: end.nextInstant.map(date))
  }
}
