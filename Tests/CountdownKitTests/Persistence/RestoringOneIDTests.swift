import CountdownKit
import Foundation
import XCTest

/// `countdown(restoring:id:)` checks the entry of its id alone, as its documentation says: a
/// damaged entry of another id does not stop it.
final class RestoringOneIDTests: XCTestCase {
  func testADamagedEntryOfAnotherIDDoesNotStopTheRestore() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, wall in
      typealias Entry = CountdownSnapshot<String>.Entry
      let good = Entry(id: "resend", kind: .countdown, policy: .keepsRunning, date: wall.now + 30)
      let damaged = [
        Entry(id: "other", kind: .countdown, policy: .keepsRunning, date: wall.now + 30, length: .seconds(-5)),
        Entry(id: "other", kind: .countdown, policy: .keepsRunning),
        Entry(id: "other", kind: .countdown, policy: .pauses, time: .seconds(-1)),
      ]
      for other in damaged {
        for entries in [[good, other], [other, good]] {
          let snapshot = CountdownSnapshot(takenAt: wall.now, serverOffset: nil, entries: entries)
          let restored = try manager.countdown(restoring: snapshot, id: "resend")
          XCTAssertEqual(restored?.remaining, 30, "\(other)")
          restored?.cancel()
        }
      }
      let twice = CountdownSnapshot(takenAt: wall.now, serverOffset: nil, entries: [good, good])
      XCTAssertThrowsError(try manager.countdown(restoring: twice, id: "resend")) { error in
        XCTAssertEqual(error as? CountdownSnapshotError, .duplicateID(index: 1), "its id twice: which one is meant?")
      }
    }
  }
}
