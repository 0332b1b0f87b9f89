import CountdownCore
import Dispatch
import XCTest

/// What a test's handlers saw, in order, with the number of the clock advance each call came in
/// (one advance may run more than one pass).
final class Recorder: Sendable {
  struct Event: Equatable, CustomStringConvertible {
    var name: String
    var value: Int
    var advance: Int
    var description: String { "\(name)=\(value)@\(advance)" }
  }

  private let state = LockedState<(events: [Event], advance: Int)>(([], 0))

  /// A handler that records calls under `name`, optionally setting `stop` for some values.
  func handler(_ name: String, stopAt: Int? = nil) -> CountdownHandler {
    { value, stop in
      self.record(name, value)
      if value == stopAt { stop = true }
    }
  }

  func record(_ name: String, _ value: Int) {
    state.withLock { $0.events.append(Event(name: name, value: value, advance: $0.advance)) }
  }

  /// Starts a new advance number: call before each clock advance.
  func nextAdvance() { state.withLock { $0.advance += 1 } }

  var events: [Event] { state.withLock { $0.events } }
  func values(_ name: String) -> [Int] { events.filter { $0.name == name }.map(\.value) }
  func clear() { state.withLock { $0.events = [] } }
}

extension ManualCountdownClock {
  /// Advances one step at a time, starting a new recorder advance number before each step.
  func step(_ count: Int, by step: Duration, recorder: Recorder) throws {
    for _ in 0..<count {
      recorder.nextAdvance()
      try advance(by: step)
    }
  }
}
