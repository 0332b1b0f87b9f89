/// What the timer must do, decided under the engine's lock and done after it is released: making,
/// arming and cancelling a timer are calls into the clock's code, which may block or call back
/// into the engine (a timer may fire at once when armed for an instant that has passed).
enum TimerAction {
  case none
  /// Make the engine's timer, then install it (``EngineState/install(_:repeats:now:)``).
  case make
  /// Arm the timer the handle holds for `at` (`nil`: disarm), then apply any newer arming decided
  /// meanwhile (``TimerArming/currentArming(ifNewerThan:)``), so the last decision always wins.
  case arm(TimerHandle, at: Int64?, repeating: Int64?, leeway: Int64, generation: UInt64)
}
