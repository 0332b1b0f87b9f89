import CountdownKit
import Foundation

/// The state machine of ``CountdownWidgets`` (``WidgetsMirror``), behind its follower's lock:
/// what the widgets were last shown of each followed countdown, whether the app is in the
/// foreground, and whether a reload is owed for changes made while it was not. Its whole behaviour
/// is ``handle(_:)``.
struct WidgetsState: MirrorStateMachine {
  /// What a widget shows of one countdown, as far as a reload changes it (``ScheduleShown``).
  typealias Shown = ScheduleShown

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
