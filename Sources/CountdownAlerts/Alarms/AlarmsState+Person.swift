import CountdownKit
import Foundation

extension AlarmsState {
  /// An update of the system's alarms came (every alarm of these alarms' namespace, as the
  /// system holds them), at `now` on the manager's clock: what it shows of each alarm is taken
  /// for the echo of this process's own calls where it can be, and otherwise for what the person
  /// did.
  ///
  /// An update may come a while after the change it shows, after the next calls were made: what
  /// an alarm shows is an echo when it is what it showed before the first call not heard of yet
  /// (an update made before that call took effect), or what that first call made it (each call
  /// that takes effect has its update, in order; one that fails is dropped by `callFailed(_:)`
  /// before the next is made); ringing is never the person's. Anything else is the person's,
  /// made before the calls not heard of took effect (a resume shows what a later schedule will):
  /// those calls still come after it, and their updates after its, so they are still waited
  /// for, and what the alarm shows once they took effect is not known.
  ///
  /// - Returns: What each countdown does to follow its alarm: a pause, a resume, a cancel (the
  ///   person stopped the alarm while it counted down or was paused); nothing for a change made
  ///   before the calls of a start of the countdown under its id took effect, which was of the
  ///   alarm of the countdown that start replaced (``Operation/forNewStart``). What is held is
  ///   changed to what the alarm shows, so that the countdown's change that follows makes no call; but
  ///   for an alarm with calls still to take effect after the person's change: it is held as
  ///   not known (``Held/unknown``), and reconciled again (``PersonAction/Kind/reconcile`` if
  ///   nothing else), so that it is cancelled and made anew as its countdown is then. An alarm
  ///   that went after its end (the person stopped its ring) is forgotten.
  /// - Complexity: O(*n*) in the alarms of the update and the countdowns followed: an update
  ///   holds every alarm.
  mutating func observed(_ alarms: [CountdownAlarmSnapshot], now: Int64) -> [PersonAction] {
    var shown: [UUID: Shown] = [:]
    for alarm in alarms {
      shown[alarm.id] = .present(alarm.state)
    }
    let show = { (id: UUID) in shown[id] ?? .absent }
    let (echoed, overtaken) = echoesHeard(show)
    leftRinging = leftRinging.filter { show($0) != .absent }
    return followed(show, except: echoed, overtaken: overtaken, now: now)
  }

  /// The alarms whose update `show` is taken for an echo of this process's calls (`echoed`), and
  /// those it shows changed by the person before calls still waited for took effect, with what
  /// their countdowns do to follow (`overtaken`); the echoes still waited for are kept.
  private mutating func echoesHeard(
    _ show: (UUID) -> Shown
  ) -> (echoed: Set<UUID>, overtaken: [UUID: PersonAction.Kind]) {
    var echoed: Set<UUID> = []
    var overtaken: [UUID: PersonAction.Kind] = [:]
    var heard: [UUID: (sequence: Int, before: Shown?)] = [:]
    defer { if !heard.isEmpty { lastHeard = heard } }
    for (id, var waited) in echoes {
      let seen = show(id)
      if waited.before == nil, seen != .absent, waited.pending.first?.shows == .absent {
        // Not known what it showed before a cancel (one a previous process may have left): an
        // alarm shown before the cancel's own update came is that, not the echo of a later
        // schedule (the system sends an update per change, in order).
        waited.before = seen
        echoed.insert(id)
      } else if waited.before == seen {
        // An update made before the calls took effect: each call's own update is still to come
        // (the system sends one per change).
        echoed.insert(id)
      } else if waited.pending.first?.shows == seen {
        // The first call's own update. Not a later call's: what a later call makes the alarm
        // show, shown before the first call's update, is the person's (a resume shows what a
        // schedule does), and the first call's update is still to come.
        heard[id] = (waited.pending.removeFirst().sequence, waited.before)
        waited.before = seen
        echoed.insert(id)
      } else if waited.before == nil {
        echoed.insert(id)  // What it showed before is not known: maybe that.
      } else if seen == .present(.alerting) {
        echoed.insert(id)  // It rang (at its end, or at a change of the device's clock): never the person's.
      } else {
        // The person's change, made before the calls waited for took effect: they take effect
        // after it, on the alarm as the person left it, and what they show comes after it too.
        // `before` is what the alarm showed when the person acted (an unknown one is taken for
        // an echo above). Made before the calls of a new start of the countdown, it was of the
        // alarm of the countdown that start replaced: the new one does not follow it.
        overtaken[id] =
          waited.waitsForNewStart
          ? .reconcile : waited.before.map { Self.personAction(from: $0, to: seen) } ?? .reconcile
        waited.before = seen
        waited.stoppedByThePerson = seen == .absent
      }
      // What the alarm showed is what this update showed: an absence assumed is shown now.
      if waited.before == seen { waited.absenceAssumed = false }
      echoes[id] = waited.pending.isEmpty ? nil : waited
    }
    return (echoed, overtaken)
  }

  /// What the countdowns do to follow what the person did to their alarms, as `show` says at
  /// `now`, but those whose update was an echo (`echoed`); what is held changes to match, and the
  /// alarms gone after their end are forgotten. An alarm the person changed before calls still
  /// to take effect (`overtaken`, with what its countdown does) is held as not known and
  /// reconciled again: what those calls make of the person's change is not known.
  private mutating func followed(
    _ show: (UUID) -> Shown, except echoed: Set<UUID>, overtaken: [UUID: PersonAction.Kind], now: Int64
  ) -> [PersonAction] {
    var actions: [PersonAction] = []
    var gone: [IDKey] = []
    for (key, entry) in held where !echoed.contains(entry.id) {
      if let kind = overtaken[entry.id] {
        actions.append(PersonAction(key: key, kind: kind))
        // No call left to take effect (the one waited for failed, the person's change made first):
        // an alarm shown gone stays gone, and nothing is cancelled or kept for it.
        if show(entry.id) == .absent, echoes[entry.id] == nil {
          gone.append(key)
        } else {
          held[key]?.held = .unknown
        }
        continue
      }
      var current = entry.held
      if case .counting(let deadline) = current, deadline <= now { current = .fired }
      switch (current, show(entry.id)) {
      case (.counting(let deadline), .present(.paused)):
        held[key]?.held = .paused(remaining: deadline - now)
        actions.append(PersonAction(key: key, kind: .pause))
      case (.paused(let remaining), .present(.countdown)):
        held[key]?.held = .counting(deadline: now + remaining)
        actions.append(PersonAction(key: key, kind: .resume))
      case (.counting, .absent), (.paused, .absent):
        gone.append(key)
        actions.append(PersonAction(key: key, kind: .cancel))
      case (.fired, .absent), (.unknown, .absent):
        gone.append(key)
      case (.counting, .present(.alerting)):
        held[key]?.held = .fired
      case (.fired, .present(.paused)):
        // Paused by the person before its end, heard after the countdown's end: paused, the
        // alarm would stay on the Lock Screen with nothing to count. Reconciled as paused with
        // the countdown gone or past its end: cancelled.
        held[key]?.held = .paused(remaining: 0)
        actions.append(PersonAction(key: key, kind: .reconcile))
      default:
        break  // As held; or ringing again after a snooze: the person's to stop.
      }
    }
    for key in gone {
      if let entry = held.removeValue(forKey: key) { keysByID[entry.id] = nil }
    }
    // The person paused or resumed an alarm its countdown in phases moved off (a start, a skip),
    // before the app's cancel of it took effect: the countdown follows, its own alarm as held (a
    // stop is the cancel's failure's, `failed(_:_:)`).
    if !movedOffAlarms.isEmpty {
      for (id, kind) in overtaken where kind == .pause || kind == .resume {
        guard let key = movedOffAlarms[id], !actions.contains(where: { $0.key == key }) else { continue }
        actions.append(PersonAction(key: key, kind: kind))
      }
      movedOffAlarms = movedOffAlarms.filter { echoes[$0.key] != nil }
    }
    return actions
  }

  /// What a countdown does to follow its alarm, which the person changed from showing `before` to
  /// showing `after`: a pause, a resume, a cancel (a stop while it counted down or was paused), or
  /// nothing (``PersonAction/Kind/reconcile``: a ring stopped, or what the person cannot do).
  private static func personAction(from before: Shown, to after: Shown) -> PersonAction.Kind {
    switch (before, after) {
    case (.present(.countdown), .present(.paused)): .pause
    case (.present(.paused), .present(.countdown)): .resume
    case (.present(.countdown), .absent), (.present(.paused), .absent): .cancel
    default: .reconcile
    }
  }
}
