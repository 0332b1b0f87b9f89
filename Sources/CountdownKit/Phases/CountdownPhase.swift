public import CountdownCore
public import Foundation

/// One step of a ``CountdownPlan``: a name, how long it lasts, what it is for, and the app's own
/// values.
///
/// ```swift
/// let work = CountdownPhase("Work", .seconds(25 * 60))
/// let rest = CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery, userInfo: ["sound": "bell"])
/// ```
///
/// A phase is a value: the same phase may appear in several places of a plan (a block's cycle
/// repeats it), and a position (where a running plan is) hands it back as it was given. A phase on
/// its own is not checked; a plan checks every phase it is made of
/// (``CountdownPlan/init(warmUp:blocks:coolDown:)``).
public struct CountdownPhase: Hashable, Sendable, Codable {
  /// The phase's name, as the app shows it ("Work", "Break", "Sprint").
  public var name: String
  /// How long the phase lasts; a plan accepts only one above zero.
  public var duration: Duration
  /// What the phase is for (``Purpose/work`` by default, ``Purpose/recovery`` for a rest): what a
  /// workout's step says of itself.
  public var purpose: Purpose
  /// Whether the plan stops at the end of this phase and waits: the next phase begins paused, at
  /// its full length, until the app resumes it (a Pomodoro timer that waits for the person after
  /// each break).
  public var pausesAfter: Bool
  /// The app's own values for the phase (a sound, a colour, an identifier of its own): kept as
  /// given, written into snapshots with the plan.
  public var userInfo: [String: String]

  /// Creates a phase.
  ///
  /// ```swift
  /// let sprint = CountdownPhase("Sprint", .seconds(30))
  /// let walk = CountdownPhase("Walk", .seconds(90), purpose: .recovery, pausesAfter: false)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The phase's name, as the app shows it.
  ///   - duration: How long it lasts: above zero, as a plan checks.
  ///   - purpose: What it is for: ``Purpose/work`` (default) or ``Purpose/recovery``.
  ///   - pausesAfter: Whether the plan waits, paused, once this phase ends (default `false`).
  ///   - userInfo: The app's own values (default none).
  public init(
    _ name: String, _ duration: Duration, purpose: Purpose = .work, pausesAfter: Bool = false,
    userInfo: [String: String] = [:]
  ) {
    self.name = name
    self.duration = duration
    self.purpose = purpose
    self.pausesAfter = pausesAfter
    self.userInfo = userInfo
  }

  /// Creates a phase whose length is a number of seconds: a `TimeInterval`, as Foundation APIs and
  /// servers often give it.
  ///
  /// ```swift
  /// let plank = try CountdownPhase("Plank", seconds: 45)
  /// ```
  ///
  /// - Parameters:
  ///   - name: The phase's name, as the app shows it.
  ///   - seconds: How long it lasts, in seconds: above zero, as a plan checks.
  ///   - purpose: What it is for: ``Purpose/work`` (default) or ``Purpose/recovery``.
  ///   - pausesAfter: Whether the plan waits, paused, once this phase ends (default `false`).
  ///   - userInfo: The app's own values (default none).
  /// - Throws: ``CountdownCore/CountdownError/nonFiniteValue`` for NaN or an infinity,
  ///   ``CountdownCore/CountdownError/negativeDuration`` below zero,
  ///   ``CountdownCore/CountdownError/outOfRange`` for 2⁶³ nanoseconds or more (about 292 years).
  public init(
    _ name: String, seconds: TimeInterval, purpose: Purpose = .work, pausesAfter: Bool = false,
    userInfo: [String: String] = [:]
  ) throws(CountdownError) {
    guard seconds.isFinite else { throw .nonFiniteValue }
    guard seconds >= 0 else { throw .negativeDuration }
    // Every length 64-bit nanoseconds hold (below 2⁶³ ns, about 292.3 years), as a phase made of
    // a `Duration` may have.
    let nanoseconds = (seconds * 1e9).rounded()
    guard nanoseconds < Double(Int64.max) else { throw .outOfRange }
    self.init(name, .nanoseconds(Int64(nanoseconds)), purpose: purpose, pausesAfter: pausesAfter, userInfo: userInfo)
  }
}
