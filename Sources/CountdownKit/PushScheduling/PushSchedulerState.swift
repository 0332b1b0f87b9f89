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

  /// Runs `body` on the sequence of `id` where the dictionary holds it, `nil` when `id` is not
  /// followed: a sequence copied out and written back would share its steps with the dictionary's
  /// meanwhile, and a change of them (a step sent) would copy them all.
  @discardableResult
  mutating func withSequence<Result>(_ id: ID, _ body: (inout PushSequence<ID>) -> Result) -> Result? {
    guard let index = sequences.index(forKey: id) else { return nil }
    return body(&sequences.values[index])
  }

  /// A number never handed out before.
  mutating func number() -> Int {
    lastNumber += 1
    return lastNumber
  }
}
