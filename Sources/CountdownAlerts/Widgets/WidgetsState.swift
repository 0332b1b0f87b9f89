import CountdownKit

/// The state machine of ``CountdownWidgets`` (``WidgetsMirror``), behind its follower's lock:
/// what the widgets were last shown of each followed countdown, whether the app is in the
/// foreground, and whether a reload is owed for changes made while it was not.
struct WidgetsState: MirrorStateMachine {
  /// What a widget shows of one countdown, as far as a reload changes it: its end while it runs
  /// (the system counts down to it by itself), its time left while frozen.
  enum Shown: Equatable, Sendable {
    case running(deadline: Int64)
    case frozen(remaining: Int64)
  }

  /// A turn's reading: what each countdown shows now (`nil`: it went), at `now` on the manager's
  /// clock.
  struct Reading {
    var shown: [(key: IDKey, shown: Shown?)]
    var now: Int64
  }

  private var shown: [IDKey: Shown] = [:]
  private var isInForeground: Bool
  private let reloadsInBackground: Bool
  /// Whether the widgets were left behind by changes made while the app was in the background.
  private(set) var owesReload = false

  init(isInForeground: Bool, reloadsInBackground: Bool) {
    self.isInForeground = isInForeground
    self.reloadsInBackground = reloadsInBackground
  }

  func alsoRead(clockChanged: Bool) -> [IDKey] { [] }

  /// A turn: whether the widgets' timelines are reloaded now. They are when a countdown's dates
  /// moved (it started, paused, resumed, had time added or taken, or was cancelled before its
  /// end), or when the device's clock changed while a countdown is shown (a widget's dates are
  /// the wall clock's) — never for a countdown that ran out at its end (the widget shows its `0`
  /// by itself) nor as time passes; at most once a turn, however many countdowns moved in it; and
  /// in the background only if asked to, else once the app is in the foreground again.
  mutating func apply(_ reading: Reading, clockChanged: Bool, sweep: [Never]?) -> Bool {
    var moved = clockChanged && !shown.isEmpty
    for (key, now) in reading.shown {
      if let now {
        if shown.updateValue(now, forKey: key) != now { moved = true }
      } else if let last = shown.removeValue(forKey: key) {
        if case .running(let deadline) = last, deadline <= reading.now { continue }  // ran out
        moved = true
      }
    }
    guard moved else { return false }
    guard isInForeground || reloadsInBackground else {
      owesReload = true
      return false
    }
    owesReload = false
    return true
  }

  /// The app came to the foreground: whether to reload what changed while it was not (a reload
  /// made in the foreground is not counted against the widget's daily budget).
  mutating func enteredForeground() -> Bool {
    isInForeground = true
    defer { owesReload = false }
    return owesReload
  }

  /// The app left the foreground.
  mutating func enteredBackground() {
    isInForeground = false
  }
}
