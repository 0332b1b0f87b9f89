import CountdownAlerts
import CountdownAlertsTesting
import CountdownCore
import Foundation
import XCTest

/// The fake activity center's push tokens, as ActivityKit documents them: an activity requested
/// with push gets its token after the request, may get another while it runs, and none once it
/// ended; an observer hears the tokens there are first, then each one issued, and each end.
final class FakeActivityCenterPushTokenTests: XCTestCase {
  func testTokensComeAfterTheRequestChangeWhileRunningAndStopAtTheEnd() {
    let center = FakeActivityCenter<Int>()
    let told = LockedState<[CountdownActivityPushToken]>([])
    let early = center.start(countdownID: "early", state: 1, staleDate: nil, requestsPushToken: true)
    XCTAssertNil(center.activity(early)?.pushToken, "no token at the request")
    center.issuePushToken(Data([1]), activityID: early)
    let stop = center.observePushTokens { token in told.withLock { $0.append(token) } }
    XCTAssertEqual(told.withLock { $0 }, [.init(activityID: early, countdownID: "early", token: Data([1]))])

    let plain = center.start(countdownID: "plain", state: 1, staleDate: nil)
    XCTAssertFalse(center.issuePushToken(Data([2]), activityID: plain), "requested without push")
    XCTAssertTrue(center.issuePushToken(Data([3]), activityID: early), "a new token while it runs")
    center.end(countdownID: "early", state: nil, staleDate: nil, dismissal: .immediately)
    XCTAssertFalse(center.issuePushToken(Data([4]), activityID: early), "ended: no token")
    XCTAssertEqual(
      told.withLock { $0.map(\.hexString) }, ["01", "03", nil], "the first, the new one, the end")
    XCTAssertEqual(center.activity(early)?.pushToken, Data([3]))

    stop()
    let late = center.start(countdownID: "late", state: 1, staleDate: nil, requestsPushToken: true)
    center.issuePushToken(Data([5]), activityID: late)
    XCTAssertTrue(center.endBySystem(activityID: late))
    XCTAssertEqual(told.withLock { $0.count }, 3, "stopped: nothing more told")
    XCTAssertEqual(center.activity(late)?.dismissal, .immediately)
    XCTAssertFalse(
      center.calls.contains { if case .endActivity = $0 { true } else { false } }, "the system's, not a call")
  }

  func testTheHexStringIsLowercaseTwoDigitsAByte() {
    let token = CountdownActivityPushToken(activityID: "a", countdownID: "c", token: Data([0x00, 0x0f, 0xa0, 0xff]))
    XCTAssertEqual(token.hexString, "000fa0ff")
    XCTAssertNil(CountdownActivityPushToken(activityID: "a", countdownID: "c", token: nil).hexString)
  }
}
