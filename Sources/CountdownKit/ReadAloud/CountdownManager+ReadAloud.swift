public import CountdownCore
public import Foundation

extension CountdownManager {
  /// A ``CountdownReadAloud`` for countdowns of this manager, its milestones counted in this
  /// manager's interval.
  /// - Throws: ``CountdownCore/CountdownError/invalidMilestone`` for a time below zero or between
  ///   two intervals.
  public func readAloud(
    at milestones: Set<Duration>, locale: Locale = .autoupdatingCurrent, template: String? = nil,
    announcer: any CountdownAnnouncer = VoiceOverAnnouncer()
  ) throws(CountdownError) -> CountdownReadAloud {
    try CountdownReadAloud(
      at: milestones, interval: engine.interval, locale: locale, template: template, announcer: announcer)
  }
}
