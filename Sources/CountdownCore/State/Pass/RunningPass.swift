/// The delivery pass running now, if any, and what it must keep alive until it ends: the slots and
/// handlers of registrations removed or replaced while it runs (rule 6 of
/// `Documentation/Contributors.docc/EngineRules.md`). Changed only by these methods.
struct RunningPass {
  /// The running pass's context, where withdrawals are noted for it; `nil` between passes.
  /// Not retained (a retain and a release per pass, and per first value made inside a `register`):
  /// the caller that begins a pass holds its context until the pass has ended under the lock, and
  /// only then hands it back to ``PassScratch``.
  private(set) unowned(unsafe) var context: DeliveryContext?
  /// Slots of registrations removed or replaced while the pass runs, which it may still read.
  private(set) var retired: [SlotReference] = []
  /// The handlers of those registrations, of which the pass may hold unowned copies.
  private(set) var retiredHandlers: [CountdownHandler] = []
  /// A wakeup came while the pass ran and left the timer's arming to the pass's end (it had
  /// nothing to deliver, and a one-shot timer that fired is disarmed): the end re-arms.
  private(set) var owesArming = false

  mutating func begin(_ context: DeliveryContext) {
    self.context = context
  }

  mutating func end() {
    context = nil
    owesArming = false
  }

  /// A wakeup leaves the timer's arming to the end of this pass, which may still change what the
  /// timer waits for.
  mutating func leaveArmingToItsEnd() {
    owesArming = true
  }

  /// Keeps the slot and handler of a registration taken out of the table until the pass ends.
  mutating func retire(_ slot: SlotReference, handler: @escaping CountdownHandler) {
    retired.append(slot)
    retiredHandlers.append(handler)
  }

  /// Hands back what the pass kept, and forgets it.
  mutating func takeRetired() -> (slots: [SlotReference], handlers: [CountdownHandler]) {
    defer {
      retired.removeAll()
      retiredHandlers = []
    }
    return (retired, retiredHandlers)
  }
}
