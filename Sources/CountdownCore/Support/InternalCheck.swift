/// Whether this build checks the unsafe paths and the engine's rules (`COUNTDOWN_CHECK_INVARIANTS`,
/// which Package.swift defines when `COUNTDOWN_INTERNAL_CHECKS=1`): the tests that show a check
/// traps skip where it is compiled out.
package let internalChecksAreCompiledIn: Bool = {
  #if COUNTDOWN_CHECK_INVARIANTS
    true
  #else
    false
  #endif
}()

/// Traps with `message` unless `condition` holds, in builds with internal checks; compiles to
/// nothing in others, where a pointer path pays for no check. `fatalError`, not `precondition`: its
/// message is printed in optimized builds too, so a trap says which check fired.
@inline(__always)
func checkInternally(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  #if COUNTDOWN_CHECK_INVARIANTS
    if !condition() { fatalError(message(), file: file, line: line) }
  #endif
}
