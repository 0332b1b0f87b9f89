import CountdownKit
import Foundation

/// The state machine of ``CountdownWidgets`` (``WidgetsMirror``), behind its follower's lock:
/// what the widgets were last shown of each followed countdown, whether the app is in the
/// foreground, and whether a reload is owed for changes made while it was not. Its whole behaviour
/// is ``handle(_:)``.
struct WidgetsState: MirrorStateMachine {
  /// What a widget shows of one countdown, as far as a reload changes it: its end while it runs
  /// (the system counts down to it by itself, on the device's clock), its time left while frozen
  /// (laid out from its pause time, which a change of the clock moves with the end).
  enum Shown: Equatable, Sendable {
    /// Running: it ends at `deadline` on the manager's clock, shown as `end` on the device's.
    case running(deadline: Int64, end: Date)
    case frozen(remaining: Int64)
    /// A countdown in phases running: its timeline has an entry per phase start, laid out from
    /// `origin`, where the plan would have started on the manager's clock had it run with nothing
    /// paused, skipped or added, shown as `originDate` on the device's, walking `plan`, up to the
    /// end of the phase of ordinal `pausesAfter`, the first after which the plan pauses (`nil`:
    /// none), where it stops, showing the next phase paused. A phase end moves none of them; a
    /// resume past that pause moves `pausesAfter` on, even at the instant the plan paused, which
    /// leaves `origin` where it was.
    case phases(origin: Int64, originDate: Date, plan: CountdownPlan, pausesAfter: Int? = nil)
    /// A countdown in phases paused at its phase of `ordinal` of `plan`, with `remaining` left in it;
    /// read at `readAt` on the device's clock (`nil`: not known), which moves nothing the widget
    /// shows of it but tells whether a timeline laid out while it ran is past its pause.
    case pausedPhases(ordinal: Int, remaining: Int64, plan: CountdownPlan, readAt: Date? = nil)

    /// How far the device's date of an end may seem to move between two readings and count as
    /// the same: the wall clock and the manager's clock are read one after the other, so an end
    /// that did not move reads a few microseconds apart; a widget shows whole seconds.
    static let endTolerance: TimeInterval = 0.1

    /// Whether a widget laid out for `last` is wrong for a countdown that shows `self` now.
    func moved(from last: Shown) -> Bool {
      switch (self, last) {
      case (.running(let deadline, let end), .running(let lastDeadline, let lastEnd)):
        deadline != lastDeadline || abs(end.timeIntervalSince(lastEnd)) > Self.endTolerance
      case (
        .phases(let origin, let date, let plan, let pausesAfter),
        .phases(let lastOrigin, let lastDate, let lastPlan, let lastPausesAfter)
      ):
        origin != lastOrigin || abs(date.timeIntervalSince(lastDate)) > Self.endTolerance || plan != lastPlan
          || pausesAfter != lastPausesAfter
      case (
        .pausedPhases(let ordinal, let remaining, let plan, _),
        .pausedPhases(let lastOrdinal, let lastRemaining, let lastPlan, _)
      ):
        ordinal != lastOrdinal || remaining != lastRemaining || plan != lastPlan
      case (
        .pausedPhases(let ordinal, let remaining, let plan, let readAt),
        .phases(_, let originDate, let lastPlan, let pausesAfter)
      ):
        // Paused by the plan where the timeline laid out while it ran stops, and shown so once the
        // device's clock is past that entry's date: a re-sync (the clock changed, the app came
        // back) leaves it as it is, unless the clock went back before the pause.
        !Self.isPausedWhereLaidOut(
          ordinal: ordinal, remaining: remaining, plan: plan, readAt: readAt, laidOutFrom: originDate,
          of: lastPlan, pausingAfter: pausesAfter)
      default: self != last
      }
    }

    /// Whether a timeline laid out for `lastPlan` running from `originDate` (on the device's clock),
    /// which stops at the end of its phase of ordinal `pausingAfter` with an entry showing the
    /// next phase paused, its whole length left, shows at `readAt` a countdown in phases paused at
    /// its phase of `ordinal` of `plan` with `remaining` left: the same plan, paused by itself
    /// there, read at or after that entry's date.
    private static func isPausedWhereLaidOut(
      ordinal: Int, remaining: Int64, plan: CountdownPlan, readAt: Date?, laidOutFrom originDate: Date,
      of lastPlan: CountdownPlan, pausingAfter: Int?
    ) -> Bool {
      guard let pausingAfter, let readAt, ordinal - 1 == pausingAfter, plan == lastPlan else {
        return false
      }
      let layout = plan.layout
      let whole = layout.duration(ofOrdinal: ordinal)
      guard abs(Double(remaining) - Double(whole)) / 1e9 <= endTolerance else { return false }
      let pausedAt = originDate + Double(layout.end(ofOrdinal: pausingAfter)) / 1e9
      return readAt.timeIntervalSince(pausedAt) >= -endTolerance
    }
  }

  /// A turn's reading: what each countdown shows now (`nil`: it went), at `now` on the manager's
  /// clock.
  struct Reading {
    var shown: [(key: IDKey, shown: Shown?)]
    var now: Int64
  }

  /// Every input of the machine.
  enum Event: Sendable {
    /// A turn of the drain: the reading, and whether it re-syncs (the device's clock may have
    /// moved an end date, or the app came back).
    case turn(Reading, clockChanged: Bool)
    /// The app came to the foreground.
    case enteredForeground
    /// The app left the foreground.
    case enteredBackground
    /// The manager suspended its ticking (`true`) or resumed it: the app left the foreground or
    /// came back, for widgets that hear it from the manager.
    case managerSuspended(Bool)
  }

  /// One call the machine asks for.
  enum Call: Equatable, Sendable {
    /// Reload the widgets' timelines.
    case reload
    /// Queue a re-sync turn, reading every countdown shown again.
    case resync
  }

  private var shown: [IDKey: Shown] = [:]
  private var isInForeground: Bool
  private let reloadsInBackground: Bool
  /// Whether the app's going to the background and coming back are heard from the manager
  /// (``Event/managerSuspended(_:)``), rather than from the lifecycle's notifications.
  private let followsManager: Bool
  /// Whether the widgets were left behind by changes made while the app was in the background.
  private(set) var owesReload = false

  init(isInForeground: Bool, reloadsInBackground: Bool, followsManager: Bool = false) {
    self.isInForeground = isInForeground
    self.reloadsInBackground = reloadsInBackground
    self.followsManager = followsManager
  }

  /// After anything that may have moved the device's clock, every countdown shown is read again:
  /// a widget's dates are the device's.
  func alsoRead(clockChanged: Bool) -> [IDKey] {
    clockChanged ? Array(shown.keys) : []
  }

  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [Never]?) -> Event {
    .turn(reading, clockChanged: clockChanged)
  }

  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [Never]?) -> [Call] {
    turn(reading) ? [.reload] : []
  }

  static func managerSuspended(_ suspended: Bool) -> Event? {
    .managerSuspended(suspended)
  }

  mutating func handle(_ event: Event) -> [Call] {
    switch event {
    case .turn(let reading, let clockChanged): return handleTurn(reading, clockChanged: clockChanged, sweep: nil)
    case .enteredForeground:
      // A reload owed is made by the re-sync turn that comes next (a reload made in the
      // foreground is not counted against the widget's daily budget).
      isInForeground = true
      return [.resync]
    case .enteredBackground:
      isInForeground = false
      return []
    case .managerSuspended(let suspended):
      guard followsManager else { return [] }
      return handle(suspended ? .enteredBackground : .enteredForeground)
    }
  }

  /// A turn: whether the widgets' timelines are reloaded now. They are when what a widget shows
  /// moved (a countdown started, paused, resumed, had time added or taken, or was cancelled before
  /// its end; a countdown in phases skipped, restarted or sent back a phase, or gone, its plan
  /// ended or cancelled; or the device's clock moved a running one's end date, which a re-sync
  /// reads again), or when a reload is owed and the app is in the foreground — never for a
  /// countdown that ran out at its end (the widget shows its `0` by itself), at a phase end (the
  /// timeline holds the next phase already, shown paused after a phase that pauses the plan), as time passes, or for a re-sync that finds nothing
  /// moved (a plan that paused itself where its timeline stops has nothing dated to move, unless
  /// the device's clock went back before that pause); at most once a turn, however many countdowns moved in it; and in the
  /// background only if asked to, else once the app is in the foreground again.
  private mutating func turn(_ reading: Reading) -> Bool {
    var moved = false
    for (key, now) in reading.shown {
      if let now {
        // What is within the tolerance is kept as it was, so that slow drift still adds up.
        if let last = shown[key], !now.moved(from: last) { continue }
        shown[key] = now
        moved = true
      } else if let last = shown.removeValue(forKey: key) {
        if case .running(let deadline, _) = last, deadline <= reading.now { continue }  // ran out
        moved = true
      }
    }
    guard moved || owesReload else { return false }
    guard isInForeground || reloadsInBackground else {
      owesReload = true
      return false
    }
    owesReload = false
    return true
  }
}
