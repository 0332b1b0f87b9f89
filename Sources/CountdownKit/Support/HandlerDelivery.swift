import CountdownCore

/// What the manager is delivering while it calls a countdown's handler on the main actor: the
/// object the countdown is registered under and, for a milestone, how to ask it the time it has
/// left. The manager sets it around each call; what runs inside the handler (a
/// `CountdownReadAloud`'s `read`) reads it, so that one read-aloud serves the countdowns of a list.
@MainActor
enum HandlerDelivery {
  /// While the manager calls a countdown's handler, the object that countdown is registered under;
  /// `nil` outside such a call.
  /// Set around a handler's call once anything reads it (``isRead``); unchecked for exclusivity:
  /// set and read on the main actor only, never across a suspension.
  @exclusivity(unchecked) private(set) static var countdownBeingDelivered: AnyObject?

  /// Whether anything reads what is delivered (a `CountdownReadAloud` was made on the main actor,
  /// or read): until then a handler's call is not marked, and costs nothing more.
  @exclusivity(unchecked) static var isRead = false

  /// While the manager delivers a milestone to a handler, how to ask that countdown the whole
  /// intervals it has left now (`nil` once it ended): a milestone passed while suspended comes with
  /// its own value, not the time left. `nil` outside such a delivery.
  static var milestoneTimeLeft: (@MainActor () -> Int?)?

  /// Calls `call`, the handler of the countdown registered under `subject`, so that
  /// `CountdownReadAloud.read(_:)` inside it remembers the value for that countdown.
  @inline(__always)
  static func delivering<Result>(to subject: AnyObject, _ call: () -> Result) -> Result {
    let outer = countdownBeingDelivered
    countdownBeingDelivered = subject
    defer { countdownBeingDelivered = outer }
    return call()
  }

  /// Calls `call`, the handler of the countdown registered under `subject` (`nil`: one that marks
  /// its calls itself), marked as ``delivering(to:_:)`` does when anything reads what is delivered.
  /// What `call` passes to the handler is made inside it, in the argument: so the optimizer lends
  /// it the references it holds for the call, with no retain and no release.
  @inline(__always)
  static func call(marking subject: @autoclosure () -> AnyObject?, _ call: () -> Void) {
    // `subject` is read only then: a reference read from an object is retained while it is held.
    if isRead, let subject = subject() {
      delivering(to: subject, call)
    } else {
      call()
    }
  }

  /// Runs `deliver`, the handler of a countdown delivered at milestones, as such a delivery:
  /// `CountdownReadAloud.read(_:)` inside it reads the time that countdown has left, `valueNow()`.
  static func deliveringMilestone(valueNow: @escaping @MainActor () -> Int?, deliver: () -> Void) {
    let outer = milestoneTimeLeft
    milestoneTimeLeft = valueNow
    defer { milestoneTimeLeft = outer }
    deliver()
  }

  /// `update`, each call of it a milestone delivery (``deliveringMilestone(valueNow:deliver:)``) of
  /// the countdown registered with `engine` under `registration(subject)`, `subject` being what
  /// `update` is called with: the receiver itself, or the token of an id. For the manager's
  /// countdowns delivered at milestones.
  nonisolated static func markingMilestoneDeliveries<Subject>(
    on engine: CountdownEngine, registeredUnder registration: @escaping @MainActor (Subject) -> AnyObject,
    _ update: @escaping @MainActor (Subject, Int, inout Bool) -> Void
  ) -> @MainActor (Subject, Int, inout Bool) -> Void {
    // Weak: the engine holds the handler this becomes. The subject is not captured beyond the call:
    // a receiver stays held weakly.
    let engine = WeakReference(engine)
    return { subject, value, stop in
      deliveringMilestone(
        valueNow: { engine.object?.value(for: registration(subject)) }, deliver: { update(subject, value, &stop) })
    }
  }
}
