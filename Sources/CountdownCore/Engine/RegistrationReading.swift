/// What one registration is counting, read at one instant: enough to write it down and count it
/// again in another process (CountdownKit's snapshots).
package struct RegistrationReading: Hashable, Sendable {
  /// Down to an end, or up from a start.
  package var kind: CountdownTiming.Kind
  /// Whether time spent suspended counts.
  package var policy: SuspensionPolicy
  /// Whether it is frozen by a pause.
  package var isPaused: Bool
  /// The remaining (countdown) or elapsed (counting up) nanoseconds at the reading's instant, on
  /// the time the registration counts on (the engine's running time for ``SuspensionPolicy/pauses``).
  package var nanoseconds: Int64
}
