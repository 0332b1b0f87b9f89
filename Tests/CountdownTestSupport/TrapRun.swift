package import Foundation
import XCTest

/// Runs one test of this test binary again in a child process, where it does what must trap, and
/// checks how the child ended: XCTest cannot catch a trap, which ends the process it happens in.
///
/// The child is told what to do by an environment variable that names its test; a test that finds
/// its own name there runs its scenario instead of starting a child.
package enum TrapRun {
  package static let scenarioVariable = "COUNTDOWN_TRAP_SCENARIO"
  /// How long a child may run: each traps in well under a second but the clock's (a few seconds
  /// in debug builds).
  package static let timeLimit: TimeInterval = 60

  /// The scenario this process was started to run, if it is a child.
  package static var scenario: String? { ProcessInfo.processInfo.environment[scenarioVariable] }

  /// Runs `test` (`Module.Class/testMethod`) in a child process with `scenario` set, and fails
  /// unless the child died by a trap's signal with `message` on its standard error.
  package static func expectTrap(
    test: String, scenario: String, message: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    #if os(Linux)
      let (child, text) = try runChild(test: test, scenario: scenario)
      let trapSignals = [SIGILL, SIGTRAP]
      XCTAssert(
        child.terminationReason == .uncaughtSignal && trapSignals.contains(child.terminationStatus),
        "\(scenario): the child was to trap, but ended by \(child.terminationReason == .exit ? "exit" : "signal") "
          + "\(child.terminationStatus); its standard error:\n\(text.suffix(2_000))", file: file, line: line)
      XCTAssert(
        text.contains(message), "\(scenario): no \"\(message)\" in the child's standard error:\n\(text.suffix(2_000))",
        file: file, line: line)
    #else
      throw XCTSkip("trap tests run the test binary again as a child process, which only Linux's XCTest allows")
    #endif
  }

  #if os(Linux)
    /// Runs `test` (`Module.Class/testMethod`) in a child process with `scenario` set, until it
    /// ends (or for ``timeLimit`` at most); returns it, ended, and its standard error.
    package static func runChild(test: String, scenario: String) throws -> (Process, String) {
      // On Linux the test binary is an executable that runs the tests its arguments name.
      let child = Process()
      child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      child.arguments = [test]
      var environment = ProcessInfo.processInfo.environment
      environment[scenarioVariable] = scenario
      // The runtime's backtracer would symbolicate the crash for seconds; the message is enough.
      environment["SWIFT_BACKTRACE"] = "enable=no"
      child.environment = environment
      // Standard error into a file, read once the child is gone: a pipe could fill up and stall it.
      let errorsURL = FileManager.default.temporaryDirectory.appendingPathComponent("trap-\(UUID().uuidString).txt")
      _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
      defer { try? FileManager.default.removeItem(at: errorsURL) }
      let errors = try FileHandle(forWritingTo: errorsURL)
      child.standardError = errors
      child.standardOutput = FileHandle.nullDevice
      try child.run()
      // A check that no longer fires may leave the child spinning (the clock's no-progress trap
      // guards a loop): it is ended after a while, and the test fails on how it ended.
      let deadline = Date(timeIntervalSinceNow: timeLimit)
      while child.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
      if child.isRunning { child.terminate() }
      child.waitUntilExit()
      try errors.close()
      return (child, String(decoding: (try? Data(contentsOf: errorsURL)) ?? Data(), as: UTF8.self))
    }
  #endif
}
