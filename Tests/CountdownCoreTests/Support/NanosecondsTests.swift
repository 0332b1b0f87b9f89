import CountdownCore
import XCTest

/// A duration's nanoseconds from its attoseconds (one division) are those from its components (the
/// path of systems without `attoseconds`), at every edge: truncation toward zero either side of
/// zero, the ends of `Int64`, and durations far beyond them.
final class NanosecondsTests: XCTestCase {
  /// Durations at the edges of the conversion.
  let edges: [Duration] = [
    .zero, .nanoseconds(1), .nanoseconds(-1), .seconds(3600), .seconds(-3600), .milliseconds(1500),
    Duration(secondsComponent: 0, attosecondsComponent: 999_999_999),
    Duration(secondsComponent: 0, attosecondsComponent: -999_999_999),
    Duration(secondsComponent: 0, attosecondsComponent: 1_000_000_001),
    Duration(secondsComponent: -2, attosecondsComponent: 1),
    .nanoseconds(Int64.max), .nanoseconds(Int64.min),
    .nanoseconds(Int64.max) + Duration(secondsComponent: 0, attosecondsComponent: 999_999_999),
    .nanoseconds(Int64.max) + .nanoseconds(1), .nanoseconds(Int64.min) - .nanoseconds(1),
    .nanoseconds(Int64.min) - Duration(secondsComponent: 0, attosecondsComponent: 999_999_999),
    .seconds(9_223_372_036), .seconds(9_223_372_037), .seconds(-9_223_372_037),
    .seconds(Int64.max), .seconds(Int64.min), .seconds(Int64.max) + .seconds(Int64.max),
    Duration(secondsComponent: .min, attosecondsComponent: -1),
  ]

  func testAttosecondsAndComponentsAgreeAtTheEdges() throws {
    guard #available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      throw XCTSkip("Duration has no attoseconds here")
    }
    for duration in edges {
      XCTAssertEqual(
        Result { () throws(CountdownError) in try duration.nanosecondsFromAttoseconds() },
        Result { () throws(CountdownError) in try duration.nanosecondsFromComponents() }, "\(duration)")
    }
  }

  func testAttosecondsAndComponentsAgreeOnRandomDurations() throws {
    guard #available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, watchOS 11, visionOS 2, *) else {
      throw XCTSkip("Duration has no attoseconds here")
    }
    var random = SystemRandomNumberGenerator()
    for _ in 0..<10_000 {
      let duration = Duration(
        secondsComponent: Int64.random(in: -20_000_000_000...20_000_000_000, using: &random),
        attosecondsComponent: Int64.random(in: -999_999_999_999_999_999...999_999_999_999_999_999, using: &random))
      XCTAssertEqual(
        Result { () throws(CountdownError) in try duration.nanosecondsFromAttoseconds() },
        Result { () throws(CountdownError) in try duration.nanosecondsFromComponents() }, "\(duration)")
    }
  }

  func testWholeNanosecondsAndLimits() throws {
    XCTAssertEqual(try Duration.seconds(3600).countdownNanoseconds(), 3_600_000_000_000)
    XCTAssertEqual(try Duration(secondsComponent: 0, attosecondsComponent: -1_999_999_999).countdownNanoseconds(), -1)
    XCTAssertEqual(try Duration.nanoseconds(Int64.min).countdownNanoseconds(), .min)
    assertThrows(.outOfRange, "a duration past Int64.max nanoseconds") { () throws(CountdownError) in
      _ = try (Duration.nanoseconds(Int64.max) + .nanoseconds(1)).countdownNanoseconds()
    }
  }
}
