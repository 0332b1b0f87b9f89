import Foundation

/// One followed id: its record, the schedule's steps laid out and not sent yet (none between its
/// sends: the walk tells the next step's date, and lays the step out when it is due), and where
/// its sending stands.
///
/// A class, so that the scheduler's dictionary of ids holds a reference a slot, not the sequence's
/// some 350 bytes in each of the slots it keeps free, and a change is made where the sequence is.
///
/// `@unchecked Sendable`: it is made, read and changed under the scheduler's lock (`state`, a
/// ``PushSchedulerLock`` of ``PushSchedulerState``) once the scheduler holds it, and only by the
/// follow that makes it before.
@usableFromInline
final class PushSequence<ID: Hashable & Sendable & Codable>: @unchecked Sendable {
  /// How early a step may be sent, in seconds: the engine's instants and the wall clock's dates
  /// are rounded apart by less.
  @inlinable static var earliness: Double { 0.001 }

  @usableFromInline var record: CountdownPushRecord<ID>
  /// The engine's key for this id.
  @usableFromInline var receiver: PushReceiver
  /// A number of the scheduler's, new for each snapshot followed: a send begun for an earlier
  /// snapshot records nothing in this one.
  @usableFromInline var epoch: Int
  /// The arming whose end the scheduler waits for (a number of the scheduler's), 0 for none: an end
  /// of an earlier one is not acted on.
  @usableFromInline var arming = 0
  /// Whether a thread is arming the engine for this id, outside the lock: another arming asked
  /// meanwhile is left to it (``armsAgain``), so that the engine's last registration is the last
  /// arming's.
  @usableFromInline var isArming = false
  /// Whether the id's state changed while a thread was arming for it: it arms again.
  @usableFromInline var armsAgain = false
  /// Failed sends in a row.
  @usableFromInline var failures = 0
  /// After a retryable failure: the index of the step that failed, and when to send again, in
  /// seconds since 1970.
  @usableFromInline var retry: (after: Int, at: Double)?
  /// The schedule's steps from index `base` on, laid out and not passed yet.
  @usableFromInline var steps: [CountdownPhasePush] = []
  @usableFromInline var base: Int
  /// The walk that lays out the steps after `steps`; `nil` past the schedule's last.
  @usableFromInline var walk: PhasePushLayout?

  /// The sequence of `record`, its walk moved past the steps sent: O(*s*) steps laid out for *s*
  /// sent, once.
  @inlinable
  init(record: CountdownPushRecord<ID>, receiver: PushReceiver, epoch: Int) {
    self.record = record
    self.receiver = receiver
    self.epoch = epoch
    base = record.sentCount
    walk = PhasePushLayout(
      record.snapshot, id: record.id, lookAhead: record.lookAhead, from: record.scheduledFrom)
    for _ in 0..<record.sentCount where walk?.next() == nil {
      walk = nil
      break
    }
  }

  /// The schedule's step at `index`, laying out the steps up to it as needed; `nil` past its end,
  /// or before the steps kept (one passed).
  ///
  /// - Complexity: O(*n* *k* log *p*) when it lays out *n* steps, O(1) otherwise.
  @inlinable
  func step(_ index: Int) -> CountdownPhasePush? {
    // A step kept, the common case (a look reads each step more than once): no walk.
    let kept = index - base
    if kept >= 0, kept < steps.count { return steps[kept] }
    while index >= base + steps.count, walk != nil {
      guard let push = walk?.next() else {
        walk = nil
        break
      }
      steps.append(push)
    }
    let offset = index - base
    return offset >= 0 && offset < steps.count ? steps[offset] : nil
  }

  /// The step to send at `now` (seconds since 1970): the last one due from the next to send on,
  /// each earlier one being superseded by it; `nil` for none, or while waiting to send again
  /// after a failure, until the retry's date or a later step's.
  @inlinable
  func due(at now: Double) -> Int? {
    var due: Int?
    var index = record.sentCount
    // Each step due laid out (the last one is sent); the one after them only read.
    while let date = sendDate(index), date <= now + Self.earliness, step(index) != nil {
      due = index
      index += 1
    }
    if let retry, let last = due, last <= retry.after, retry.at > now + Self.earliness { return nil }
    return due
  }

  /// When to look at the sequence next, in seconds since 1970: the next step's send date, or while
  /// waiting to send again, the earlier of the retry's date and the next step's after the one that
  /// failed; `nil` when no step is left.
  @inlinable
  func wakeDate() -> Double? {
    guard let retry else { return sendDate(record.sentCount) }
    return sendDate(retry.after + 1).map { min($0, retry.at) } ?? retry.at
  }

  /// The send date of the step at `index`, in seconds since 1970: a kept step's, or the walk's next
  /// one's, read without laying it out, so that a sequence keeps no step between its sends (the
  /// one sent goes, and the next is laid out when it is due); `nil` past the schedule's end.
  ///
  /// - Complexity: O(1) for a step kept or the walk's next; ``step(_:)``'s otherwise.
  @inlinable
  func sendDate(_ index: Int) -> Double? {
    let kept = index - base
    if kept >= 0, kept < steps.count { return steps[kept].sendDate }
    if kept == steps.count { return walk?.nextSendDate }
    return step(index)?.sendDate
  }

  /// How many steps are laid out and kept.
  @inlinable var stepsKept: Int { steps.count }

  /// Records the steps up to `index` as sent, and lets go of them.
  @inlinable
  func markSent(through index: Int) {
    record.setSentCount(index + 1)
    let sent = min(steps.count, max(0, index + 1 - base))
    // None left: the buffer goes too (a removal keeps its capacity).
    if sent == steps.count { steps = [] } else { steps.removeFirst(sent) }
    base += sent
    failures = 0
    retry = nil
  }
}
