import CountdownCore
import XCTest

/// A pass calls handlers through unowned copies it prepared under the lock: a handler removed or
/// replaced while the pass runs must stay alive until the pass ends, and must not be called.
final class HandlerLifetimeTests: XCTestCase {
  /// What a handler captures: its deinit tells when the handler was released.
  private final class Captured: Sendable {
    let name: String
    let released: LockedState<[String]>
    init(_ name: String, _ released: LockedState<[String]>) {
      self.name = name
      self.released = released
    }
    deinit { released.withLock { $0.append(name) } }
  }

  /// A callback cancels one registration and replaces another whose callbacks the same chunk holds
  /// (the walk goes from the pool's end, so the first registered are called last): their old
  /// handlers are released only after the pass, and neither is called; the replacement's is.
  func testAHandlerRemovedDuringAPassLivesUntilItEndsAndIsNotCalled() throws {
    for jittered in [false, true] {
      let (engine, clock) = jittered ? try makeJitteredEngine(interval: .seconds(1), seed: 11) : try makeEngine()
      let cancelled = Receiver("cancelled")
      let replaced = Receiver("replaced")
      let caller = Receiver("caller")
      let released = LockedState<[String]>([])
      let calls = LockedState<[String]>([])
      let releasedInCallback = LockedState<[String]?>(nil)
      do {
        let forCancelled = Captured("cancelled", released)
        let forReplaced = Captured("replaced", released)
        try engine.register(cancelled, .duration(.seconds(10))) { value, _ in
          _ = forCancelled
          calls.withLock { $0.append("cancelled \(value)") }
        }
        try engine.register(replaced, .duration(.seconds(10))) { value, _ in
          _ = forReplaced
          calls.withLock { $0.append("replaced \(value)") }
        }
      }
      let triggered = LockedState(false)
      try engine.register(caller, .duration(.seconds(10))) { value, _ in
        guard value < 10,
          triggered.withLock({ was in
            defer { was = true }
            return !was
          })
        else { return }
        engine.cancel(cancelled)
        try? engine.register(replaced, .duration(.seconds(20))) { value, _ in
          calls.withLock { $0.append("new \(value)") }
        }
        releasedInCallback.withLock { $0 = released.withLock { $0 } }
        calls.withLock { $0.append("trigger") }
      }
      // Two ticks, however late the jittered clock fires them: registered a little later than the
      // first, the others flip first at the second.
      try clock.advance(by: .zero)
      try clock.advance(by: .milliseconds(1_100))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(
        releasedInCallback.withLock { $0 }, [],
        "jittered \(jittered): the removed handlers outlive the callback that removed them")
      let afterTrigger = calls.withLock { $0 }.drop { $0 != "trigger" }.dropFirst()
      XCTAssertEqual(
        afterTrigger.filter { !$0.hasPrefix("new") }, [], "jittered \(jittered): no old handler is called")
      XCTAssertEqual(afterTrigger.first, "new 20", "jittered \(jittered): the replacement's handler is")
      XCTAssertEqual(
        released.withLock { $0 }.sorted(), ["cancelled", "replaced"],
        "jittered \(jittered): released once the pass ended")
      withExtendedLifetime((cancelled, replaced, caller)) {}
    }
  }
}
