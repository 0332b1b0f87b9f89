import Foundation

/// One followed id: its record, the schedule's steps not sent yet (laid out from the record in
/// batches), and where its sending stands.
struct PushSequence<ID: Hashable & Sendable & Codable>: Sendable {
  /// How many steps a first layout holds: a batch is laid out again, longer, when it runs out.
  static var batch: Int { 32 }
  /// How early a step may be sent, in seconds: the engine's instants and the wall clock's dates
  /// are rounded apart by less.
  static var earliness: Double { 0.001 }

  var record: CountdownPushRecord<ID>
  /// The engine's key for this id.
  var receiver: PushReceiver
  /// A number of the scheduler's, new for each snapshot followed: a send begun for an earlier
  /// snapshot records nothing in this one.
  var epoch: Int
  /// The arming whose end the scheduler waits for (a number of the scheduler's), 0 for none: an end
  /// of an earlier one is not acted on.
  var arming = 0
  /// Failed sends in a row.
  var failures = 0
  /// After a retryable failure: the index of the step that failed, and when to send again, in
  /// seconds since 1970.
  var retry: (after: Int, at: Double)?
  /// The schedule's steps from index `base` on.
  private var steps: [CountdownPhasePush] = []
  private var base: Int
  /// Whether `steps` runs to the schedule's last step.
  private var isComplete = false

  init(record: CountdownPushRecord<ID>, receiver: PushReceiver, epoch: Int) {
    self.record = record
    self.receiver = receiver
    self.epoch = epoch
    base = record.sentCount
  }

  /// The schedule's step at `index`, laying out more of the schedule as needed; `nil` past its end.
  ///
  /// - Complexity: O(*n* *k* log *p*) when it lays out *n* steps again, O(1) otherwise.
  mutating func step(_ index: Int) -> CountdownPhasePush? {
    if index >= base + steps.count, !isComplete {
      // Laid out again from the same first date: the same steps, more of them (twice as many as
      // kept, at least a batch, so that a long catch-up costs O(n log n) layouts of steps).
      let limit = index.addingSaturated(max(Self.batch, index - base))
      let all = record.snapshot.pushSchedule(
        id: record.id, lookAhead: record.lookAhead, from: record.scheduledFrom, limit: limit)
      steps = Array(all.dropFirst(base))
      isComplete = all.count < limit
    }
    let offset = index - base
    return offset >= 0 && offset < steps.count ? steps[offset] : nil
  }

  /// The step to send at `now` (seconds since 1970): the last one due from the next to send on,
  /// each earlier one being superseded by it; `nil` for none, or while waiting to send again
  /// after a failure, until the retry's date or a later step's.
  mutating func due(at now: Double) -> Int? {
    var due: Int?
    var index = record.sentCount
    while let step = step(index), step.sendDate <= now + Self.earliness {
      due = index
      index += 1
    }
    if let retry, let last = due, last <= retry.after, retry.at > now + Self.earliness { return nil }
    return due
  }

  /// When to look at the sequence next, in seconds since 1970: the next step's send date, or while
  /// waiting to send again, the earlier of the retry's date and the next step's after the one that
  /// failed; `nil` when no step is left.
  mutating func wakeDate() -> Double? {
    guard let retry else { return step(record.sentCount)?.sendDate }
    return step(retry.after + 1).map { min($0.sendDate, retry.at) } ?? retry.at
  }

  /// Records the steps up to `index` as sent.
  mutating func markSent(through index: Int) {
    record.sentCount = index + 1
    let sent = min(steps.count, max(0, index + 1 - base))
    steps.removeFirst(sent)
    base += sent
    failures = 0
    retry = nil
  }
}
