import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// "The main queue" means the main queue, from a process's first call on: on the main thread a
/// first value comes inside the call, inside another queue's `sync` too; after `dispatchMain()`,
/// whose main queue runs on the pool's threads, inside a block of the main queue, and never on a
/// pool thread running another queue's work. Each test runs in a child process of its own (as the
/// trap tests do, ``TrapRun``): a process's first registration, and `dispatchMain()`, which never
/// returns, need one.
final class MainQueueChildTests: XCTestCase {
  /// What a child reports, a line each, on its standard error (unbuffered), before it exits.
  private static func report(_ line: String) {
    FileHandle.standardError.write(Data("REPORT \(line)\n".utf8))
  }

  /// Runs `body` when this process is the child started for `scenario`; otherwise starts that
  /// child, and returns what it reported once it exited.
  private func child(
    _ scenario: String, function: String = #function, _ body: () throws -> Never
  ) throws -> [String] {
    #if os(Linux)
      if TrapRun.scenario == scenario { try body() }
      let test = "CountdownCoreTests.MainQueueChildTests/\(function.replacingOccurrences(of: "()", with: ""))"
      let (process, text) = try TrapRun.runChild(test: test, scenario: scenario)
      XCTAssertEqual(process.terminationReason, .exit, "\(scenario): \(text.suffix(2_000))")
      XCTAssertEqual(process.terminationStatus, 0, "\(scenario): \(text.suffix(2_000))")
      return text.split(separator: "\n").filter { $0.hasPrefix("REPORT ") }.map { String($0.dropFirst(7)) }
    #else
      throw XCTSkip("these tests run the test binary again as a child process, which only Linux's XCTest allows")
    #endif
  }

  func testAProcesssFirstRegistrationOnTheMainThreadInsideAnotherQueuesSyncComesInsideTheCall() throws {
    let reported = try child("main thread inside a sync") {
      let (engine, _) = try makeEngine()
      let recorder = Recorder()
      let store = DispatchQueue(label: "store")
      for name in ["first", "second"] {
        let receiver = Receiver(name)
        store.sync {
          try? engine.register(receiver, .duration(.seconds(10)), handler: recorder.handler(name))
          Self.report("\(name) inside the call: \(recorder.values(name))")
        }
        _ = engine.cancel(receiver)
      }
      exit(0)
    }
    XCTAssertEqual(reported, ["first inside the call: [10]", "second inside the call: [10]"])
  }

  func testAfterDispatchMainOnlyTheMainQueuesBlocksCountAsTheMainQueue() throws {
    let reported = try child("after dispatchMain") {
      let (engine, _) = try makeEngine()
      let recorder = Recorder()
      let mainKey = DispatchSpecificKey<Bool>()
      DispatchQueue.main.setSpecific(key: mainKey, value: true)
      let other = DispatchQueue(label: "other")
      let (first, second) = (Receiver("first"), Receiver("second"))
      DispatchQueue.main.async {
        // On a pool thread, in a block of the main queue: the delivery queue.
        try? engine.register(first, .duration(.seconds(10)), handler: recorder.handler("first"))
        Self.report("main queue block inside the call: \(recorder.values("first"))")
        let poolThread = pthread_self()
        // The same pool thread, once it runs another serial queue's block, is not the main queue.
        @Sendable func attempt(_ count: Int) {
          other.asyncAfter(deadline: .now() + .milliseconds(1)) {
            guard pthread_equal(pthread_self(), poolThread) != 0 else {
              guard count < 5_000 else {
                Self.report("the pool thread never ran the other queue's block")
                exit(0)
              }
              return attempt(count + 1)
            }
            try? engine.register(second, .duration(.seconds(10))) { value, stop in
              let onMainQueue = DispatchQueue.getSpecific(key: mainKey) == true
              recorder.record("second", value)
              recorder.record("second on the main queue", onMainQueue ? 1 : 0)
              if !onMainQueue { recorder.record("second off the main queue", value) }
            }
            // Only a value delivered off the main queue is one delivered inside this call: the main
            // queue, drained on another pool thread, may deliver the queued one before this line.
            Self.report(
              "other queue's block on that thread inside the call: \(recorder.values("second off the main queue"))")
            // After the pass queued on the main queue.
            DispatchQueue.main.async {
              let onMain = recorder.values("second on the main queue")
              Self.report("then: \(recorder.values("second")), on the main queue: \(onMain)")
              exit(0)
            }
          }
        }
        attempt(0)
      }
      dispatchMain()
    }
    if reported.contains("the pool thread never ran the other queue's block") {
      throw XCTSkip("the pool never ran the other queue's block on the thread that ran the main queue's")
    }
    XCTAssertEqual(
      reported,
      [
        "main queue block inside the call: [10]",
        "other queue's block on that thread inside the call: []",
        "then: [10], on the main queue: [1]",
      ])
  }
}
