import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// An engine delivering on the main queue takes a call on the main thread as one on its delivery
/// queue (the first value inside the call, every time), and only there:
/// not on another thread, and not for an engine delivering on another queue.
final class MainThreadMarkTests: XCTestCase {
  private let recorder = Recorder()

  func testEveryRegistrationOnTheMainThreadGetsItsFirstValueInsideTheCall() throws {
    let (engine, _) = try makeEngine()
    for index in 0..<3 {
      let receiver = Receiver("r\(index)")
      try engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler("r\(index)"))
      XCTAssertEqual(recorder.values("r\(index)"), [10], "registration \(index): inside the call")
    }
    engine.cancelAll()
  }

  func testARegistrationOnAnotherThreadIsQueuedEvenOnceTheMainThreadIsKnown() throws {
    let (engine, _) = try makeEngine()
    let marking = Receiver("marking")
    try engine.register(marking, .duration(.seconds(10)), handler: recorder.handler("marking"))
    XCTAssertEqual(recorder.values("marking"), [10], "the main thread")
    let receiver = Receiver("other")
    let recorder = recorder
    let registered = DispatchSemaphore(value: 0)
    let thread = Thread {
      try? engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler("other"))
      // Read on the registering thread, right after the call: nothing delivered inside it.
      recorder.record("other-after-call", recorder.values("other").count)
      registered.signal()
    }
    thread.start()
    XCTAssertEqual(registered.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(recorder.values("other-after-call"), [0], "not inside the call on another thread")
    // Queued on the main queue: delivered on its next turn.
    let deadline = Date().addingTimeInterval(10)
    while recorder.values("other").isEmpty, Date() < deadline {
      RunLoop.main.run(until: Date().addingTimeInterval(0.01))
    }
    XCTAssertEqual(recorder.values("other"), [10], "on the main queue's next turn")
    engine.cancelAll()
  }

  func testAnEngineOnAnotherQueueTakesNoCallOnTheMainThreadAsItsOwn() throws {
    let (mainEngine, _) = try makeEngine()
    let marking = Receiver("marking")
    try mainEngine.register(marking, .duration(.seconds(10)), handler: recorder.handler("marking"))
    XCTAssertEqual(recorder.values("marking"), [10], "the main thread")
    let queue = DispatchQueue(label: "MainThreadMarkTests")
    let engine = try CountdownEngine(interval: .seconds(1), clock: ManualCountdownClock(), deliveryQueue: queue)
    // The queue held, so that a pass queued there cannot run before the check below.
    let release = DispatchSemaphore(value: 0)
    queue.async { _ = release.wait(timeout: .now() + 10) }
    let receiver = Receiver("queued")
    try engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler("queued"))
    XCTAssertEqual(recorder.values("queued"), [], "not inside the call: the main thread is not its queue")
    release.signal()
    queue.sync {}  // the queued pass ran before this block
    XCTAssertEqual(recorder.values("queued"), [10], "on its own queue")
    engine.cancelAll()
    mainEngine.cancelAll()
  }
}
