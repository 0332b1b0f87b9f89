/// What a ``CountdownPushScheduler`` keeps under its lock.
struct PushSchedulerState<ID: Hashable & Sendable & Codable>: Sendable {
  /// The followed ids.
  var sequences: [ID: PushSequence<ID>] = [:]
  /// The ids with a send running: one at a time per id, whatever snapshot it was for, so that the
  /// gateway gets an id's pushes in order.
  var sending: Set<ID> = []
  /// The sends running, counted until their outcome has been acted on.
  var running = 0
  /// How many times a send began or ended, for a wait until nothing moves.
  var activity = 0
  /// The last number handed out for an epoch or an arming.
  private var lastNumber = 0

  /// A number never handed out before.
  mutating func number() -> Int {
    lastNumber += 1
    return lastNumber
  }
}
