/// What the engine's timer holds to reach the engine: a weak reference, so the timer (kept by the
/// engine) never keeps it alive, held in a `weak let`. A `[weak self]` capture would be a mutable
/// box read through the runtime's exclusivity check on every wakeup; this is a plain load.
final class WeakEngineReference: Sendable {
  weak let engine: CountdownEngine?

  init(_ engine: CountdownEngine) {
    self.engine = engine
  }
}
