import CountdownKit
import Foundation

/// The state machine of ``CountdownActivityPushes`` (``ActivityPushesMirror``), behind its
/// follower's lock: the push tokens of the activities, by countdown, and what was last handed over
/// of each followed countdown in phases. Its whole behaviour is ``handle(_:)``.
struct ActivityPushesState<ID: Hashable & Sendable & Codable>: MirrorStateMachine {
  /// What one countdown in phases is now: the schedule its pushes are laid out from (a widget's
  /// timeline's, ``ScheduleShown``, which a phase end does not move) and its snapshot.
  struct Now: Sendable {
    var shown: ScheduleShown
    var snapshot: CountdownSnapshot<ID>
  }

  /// A turn's reading: each countdown read, by key, with its activities' countdown id; `now` is
  /// `nil` for one that went, or that does not walk a plan.
  struct Reading {
    var read: [(key: IDKey, id: ID, countdownID: String, now: Now?)]
  }

  /// Every input of the machine.
  enum Event {
    /// A turn of the drain.
    case turn(Reading)
    /// The center told an activity's push token (`token` `nil`: the activity ended), in
    /// hexadecimal.
    case token(activityID: String, countdownID: String, token: String?)
  }

  /// One call the machine asks for.
  enum Call: Sendable {
    /// Hands the app `update`.
    case handOver(CountdownActivityPushUpdate<ID>)
    /// Reads `keys` again: their token changed.
    case read([IDKey])
  }

  /// What was last handed over of one countdown.
  struct HandedOver: Sendable {
    var token: String
    var shown: ScheduleShown
  }

  /// The tokens of the activities that have one, by countdown id: each activity's latest, the one
  /// told last at the end.
  private var tokens: [String: [(activityID: String, token: String)]] = [:]
  /// The countdowns in phases read last as walking a plan, by their activities' countdown id: the
  /// ones a token read again.
  private var keys: [String: IDKey] = [:]
  /// What was handed over of each countdown followed on the server (not stopped since).
  private var handedOver: [IDKey: HandedOver] = [:]

  static func turn(_ reading: Reading, clockChanged: Bool, sweep: [Never]?) -> Event {
    .turn(reading)
  }

  func alsoRead(clockChanged: Bool) -> [IDKey] { [] }

  mutating func handleTurn(_ reading: Reading, clockChanged: Bool, sweep: [Never]?) -> [Call] {
    handle(.turn(reading))
  }

  mutating func handle(_ event: Event) -> [Call] {
    switch event {
    case .turn(let reading):
      return reading.read.compactMap { read in handOver(read.key, read.id, read.countdownID, read.now) }
    case .token(let activityID, let countdownID, let token):
      var held = tokens[countdownID] ?? []
      held.removeAll { $0.activityID == activityID }
      if let token { held.append((activityID, token)) }
      tokens[countdownID] = held.isEmpty ? nil : held
      guard let key = keys[countdownID] else { return [] }
      return [.read([key])]
    }
  }

  /// What to hand over of the countdown of `key` (`id`), read as `now`, its activities' token
  /// being the latest told for `countdownID`: a follow where its schedule moved (or nothing was
  /// handed over yet), a token where only the token changed, a stop where it went or its
  /// activities have no token left; nothing otherwise.
  private mutating func handOver(_ key: IDKey, _ id: ID, _ countdownID: String, _ now: Now?) -> Call? {
    if now != nil {
      keys[countdownID] = key
    } else if keys[countdownID] == key {
      keys[countdownID] = nil
    }
    guard let now, let token = tokens[countdownID]?.last?.token else {
      guard let last = handedOver.removeValue(forKey: key) else { return nil }
      return .handOver(CountdownActivityPushUpdate(id: id, change: .stop, pushToken: last.token, snapshot: nil))
    }
    guard let last = handedOver[key], !now.shown.moved(from: last.shown) else {
      handedOver[key] = HandedOver(token: token, shown: now.shown)
      return .handOver(CountdownActivityPushUpdate(id: id, change: .follow, pushToken: token, snapshot: now.snapshot))
    }
    guard token != last.token else { return nil }
    // The schedule the server follows stays the one laid out from the last snapshot.
    handedOver[key]?.token = token
    return .handOver(CountdownActivityPushUpdate(id: id, change: .token, pushToken: token, snapshot: now.snapshot))
  }
}
