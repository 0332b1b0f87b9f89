import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// After `dispatchMain()` the main thread is gone and the main queue's blocks run on the pool's
/// threads: a call made in such a block runs the main queue's work, as the engine counts it, so
/// what the Kit promises "inside the call on the main actor" happens inside the call there too.
/// `dispatchMain()` never returns, so the case runs in a child process (as the trap tests do,
/// ``TrapRun``).
final class MainQueueAfterDispatchMainTests: XCTestCase {
  /// What the child reports, a line each, on its standard error (unbuffered), before it exits.
  private static func report(_ line: String) {
    FileHandle.standardError.write(Data("REPORT \(line)\n".utf8))
  }

  func testInAMainQueueBlockAfterDispatchMainSuspendTickingFreezesAPausingModelInsideTheCall() throws {
    #if os(Linux)
      let scenario = "suspend after dispatchMain"
      if TrapRun.scenario == scenario {
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            do {
              let (manager, _) = try makeManager()
              let model = try manager.countdown(for: .seconds(60), whileSuspended: .pauses)
              manager.suspendTicking()
              let end = model.endDate == nil ? "none" : "kept"
              Self.report("inside the call: frozen \(model.pauseTime != nil), end \(end)")
              // The list's saving, on a lifecycle notification posted in a main-queue block: it
              // saves inside the post.
              let list = ObservableCountdownList<String>(manager: manager)
              try list.start(id: "tea", for: .seconds(60))
              let center = NotificationCenter()
              let name = Notification.Name("leaving")
              let file = FileManager.default.temporaryDirectory.appendingPathComponent("main-queue-\(UUID()).json")
              defer { try? FileManager.default.removeItem(at: file) }
              let store = CountdownStore.file(file)
              try list.keepSaved(in: store, savingOn: [name], center: center)
              center.post(name: name, object: nil)
              Self.report("saved inside the post: \(try store.load() != nil)")
            } catch {
              Self.report("failed: \(error)")
            }
            exit(0)
          }
        }
        dispatchMain()
      }
      let test =
        "CountdownKitTests.MainQueueAfterDispatchMainTests/"
        + "testInAMainQueueBlockAfterDispatchMainSuspendTickingFreezesAPausingModelInsideTheCall"
      let (process, text) = try TrapRun.runChild(test: test, scenario: scenario)
      XCTAssertEqual(process.terminationReason, .exit, text.suffix(2_000).description)
      XCTAssertEqual(process.terminationStatus, 0, text.suffix(2_000).description)
      let reported = text.split(separator: "\n").filter { $0.hasPrefix("REPORT ") }.map { String($0.dropFirst(7)) }
      XCTAssertEqual(reported, ["inside the call: frozen true, end none", "saved inside the post: true"])
    #else
      throw XCTSkip("this test runs the test binary again as a child process, which only Linux's XCTest allows")
    #endif
  }
}
