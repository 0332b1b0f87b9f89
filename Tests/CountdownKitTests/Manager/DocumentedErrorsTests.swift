import CountdownKit
import Foundation
import XCTest

/// Each throwing entry point throws exactly the errors the README's API table lists for it.
final class DocumentedErrorsTests: XCTestCase {
  func testManagerStartsThrowWhatTheTableSays() throws {
    try MainActor.assumeIsolated {
      let manager = try CountdownManager(clock: ManualCountdownClock())
      let label = CountdownLabel("a")
      let update: @MainActor (CountdownLabel, Int, inout Bool) -> Void = { _, _, _ in }
      assertThrows(.negativeDuration, "seconds: -1") { () throws(CountdownError) in
        try manager.start(label, seconds: -1, update)
      }
      assertThrows(.outOfRange, "seconds: Int.max") { () throws(CountdownError) in
        try manager.start(label, seconds: Double(Int.max), update)
      }
      assertThrows(.negativeDuration, "for: -1 s") { () throws(CountdownError) in
        try manager.start(label, for: .seconds(-1), update)
      }
      assertThrows(.outOfRange, "for: Int64.max s") { () throws(CountdownError) in
        try manager.start(label, for: .seconds(Int64.max), update)
      }
      assertThrows(.nonFiniteValue, "timeInterval: .nan") { () throws(CountdownError) in
        try manager.start(label, seconds: .nan, update)
      }
      assertThrows(.negativeDuration, "timeInterval: -1") { () throws(CountdownError) in
        try manager.start(label, seconds: -1, update)
      }
      assertThrows(.outOfRange, "timeInterval: 1e300") { () throws(CountdownError) in
        try manager.start(label, seconds: 1e300, update)
      }
      assertThrows(.outOfRange, "until: .distantFuture") { () throws(CountdownError) in
        try manager.start(label, until: .distantFuture, update)
      }
      assertThrows(.nonFiniteValue, "until: NaN date") { () throws(CountdownError) in
        try manager.start(label, until: Date(timeIntervalSinceReferenceDate: .nan), update)
      }
      // A date in the past is no error: the countdown ends at once with a single 0.
      try manager.start(label, until: .distantPast, update)
      // Counting overtime, the past is kept, as far back as the clock can hold: not that far.
      assertThrows(.outOfRange, "until: .distantPast, counting overtime") { () throws(CountdownError) in
        try manager.start(label, until: .distantPast, pastTheEnd: .countsOvertime, update)
      }
    }
  }

  func testIDsAsyncAfterCalibrateAndInitThrowWhatTheTableSays() throws {
    let manager = try CountdownManager(clock: ManualCountdownClock())
    let update: @MainActor (String, Int, inout Bool) -> Void = { _, _, _ in }
    assertThrows(.negativeDuration, "id for: -1 s") { () throws(CountdownError) in
      try manager.start(id: "a", for: .seconds(-1), update)
    }
    assertThrows(.outOfRange, "id for: Int64.max s") { () throws(CountdownError) in
      try manager.start(id: "a", for: .seconds(Int64.max), update)
    }
    assertThrows(.outOfRange, "id seconds: Int.max") { () throws(CountdownError) in
      try manager.start(id: "a", seconds: Double(Int.max), update)
    }
    assertThrows(.outOfRange, "id until: .distantFuture") { () throws(CountdownError) in
      try manager.start(id: "a", until: .distantFuture, update)
    }
    assertThrows(.nonFiniteValue, "id until: NaN date") { () throws(CountdownError) in
      try manager.start(id: "a", until: Date(timeIntervalSinceReferenceDate: .nan), update)
    }
    assertThrows(.negativeDuration, "values(for: -1 s)") { () throws(CountdownError) in
      _ = try manager.values(for: .seconds(-1))
    }
    assertThrows(.outOfRange, "values(for: Int64.max s)") { () throws(CountdownError) in
      _ = try manager.values(for: .seconds(Int64.max))
    }
    assertThrows(.outOfRange, "values(until: .distantFuture)") { () throws(CountdownError) in
      _ = try manager.values(until: .distantFuture)
    }
    assertThrows(.nonFiniteValue, "values(until: NaN date)") { () throws(CountdownError) in
      _ = try manager.values(until: Date(timeIntervalSinceReferenceDate: .nan))
    }
    assertThrows(.negativeDuration, "after(-1 s)") { () throws(CountdownError) in _ = try manager.after(.seconds(-1)) {}
    }
    assertThrows(.outOfRange, "after(Int64.max s)") { () throws(CountdownError) in
      _ = try manager.after(.seconds(Int64.max)) {}
    }
    assertThrows(.outOfRange, "calibrate(serverNow: .distantFuture)") { () throws(CountdownError) in
      try manager.calibrate(serverNow: .distantFuture)
    }
    assertThrows(.nonFiniteValue, "calibrate(serverNow: NaN date)") { () throws(CountdownError) in
      try manager.calibrate(serverNow: Date(timeIntervalSinceReferenceDate: .nan))
    }
    assertThrows(.invalidInterval, "interval: .zero") { () throws(CountdownError) in
      _ = try CountdownManager(interval: .zero)
    }
    assertThrows(.invalidInterval, "tolerance over the interval") { () throws(CountdownError) in
      _ = try CountdownManager(interval: .seconds(1), alignment: .perCountdown(tolerance: .seconds(2)))
    }
    assertThrows(.invalidInterval, "end tolerance over the interval") { () throws(CountdownError) in
      _ = try CountdownManager(interval: .seconds(1), endTolerance: .seconds(2))
    }
    assertThrows(.invalidInterval, "end tolerance: .zero") { () throws(CountdownError) in
      _ = try CountdownManager(interval: .seconds(1), endTolerance: .zero)
    }
    assertThrows(.outOfRange, "interval: Int64.max s") { () throws(CountdownError) in
      _ = try CountdownManager(interval: .seconds(Int64.max))
    }
  }

  func testCoreThrowsWhatTheTableSays() throws {
    let engine = try CountdownEngine(interval: .seconds(1), clock: ManualCountdownClock(), deliveryQueue: .main)
    let key = NSObject()
    assertThrows(.negativeDuration, "register -1 s") { () throws(CountdownError) in
      try engine.register(key, .duration(.seconds(-1))) { _, _ in }
    }
    assertThrows(.outOfRange, "register Int64.max s") { () throws(CountdownError) in
      try engine.register(key, .duration(.seconds(Int64.max))) { _, _ in }
    }
    assertThrows(.invalidCombination, "register .countingUp, .onlyTheEnd") { () throws(CountdownError) in
      try engine.register(key, .countingUp, delivering: .onlyTheEnd) { _, _ in }
    }
    assertThrows(.invalidInterval, "engine interval: .zero") { () throws(CountdownError) in
      _ = try CountdownEngine(interval: .zero, deliveryQueue: .main)
    }
    assertThrows(.outOfRange, "advanced(by: Int64.max s)") { () throws(CountdownError) in
      _ = try CountdownInstant.zero.exactlyAdvanced(by: .seconds(Int64.max))
    }
    let clock = ManualCountdownClock()
    assertThrows(.negativeDuration, "advance(by: -1 s)") { () throws(CountdownError) in
      try clock.advance(by: .seconds(-1))
    }
    assertThrows(.outOfRange, "advance(by: Int64.max s)") { () throws(CountdownError) in
      try clock.advance(by: .seconds(Int64.max))
    }
    try clock.advance(by: .seconds(1))
    assertThrows(.negativeDuration, "advance(to: earlier)") { () throws(CountdownError) in try clock.advance(to: .zero)
    }
    assertThrows(.negativeDuration, "jump(by: -1 s)") { () throws(CountdownError) in try clock.jump(by: .seconds(-1)) }
    assertThrows(.outOfRange, "jump(by: Int64.max s)") { () throws(CountdownError) in
      try clock.jump(by: .seconds(Int64.max))
    }
    assertThrows(.negativeDuration, "jitter late: -1 ms") { () throws(CountdownError) in
      _ = try ManualCountdownClock(jitter: .init(late: .milliseconds(-1)))
    }
    assertThrows(.outOfRange, "jitter late: Int64.max s") { () throws(CountdownError) in
      _ = try ManualCountdownClock(jitter: .init(late: .seconds(Int64.max)))
    }
  }
}
