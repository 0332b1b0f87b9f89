import CountdownKit
import XCTest

/// The id map's rules, on the value alone: which token and generation a start gets, when an end,
/// a rejected start or added time changes an id, and what a cancel leaves.
final class IDRegistryTests: XCTestCase {
  private let order = IDKey("order")

  func testAFirstStartGetsANewTokenForItsIDAndNumberOne() {
    var registry = IDRegistry()
    let claim = registry.claim(order, length: .seconds(60))
    XCTAssertEqual(claim.generation, 1)
    XCTAssertEqual(claim.token.key, order, "the token knows its id")
    XCTAssertTrue(registry.token(for: order) === claim.token)
    XCTAssertEqual(registry[order]?.generation, 1)
    XCTAssertEqual(registry.length(for: order), .seconds(60))
  }

  func testAStartOfAnIDThatHasATokenKeepsItAndCountsOneMore() {
    var registry = IDRegistry()
    let first = registry.claim(order, length: .seconds(60))
    let second = registry.claim(order, length: nil)
    XCTAssertTrue(second.token === first.token, "the same token: the engine replaces the id's registration")
    XCTAssertEqual(second.generation, 2)
    XCTAssertNil(registry.length(for: order), "the new start's length: none for a count-up")
    XCTAssertTrue(registry.token(for: order) === first.token)
  }

  func testAnEndKnownToHaveComeIsKeptForItsStartOnly() {
    var registry = IDRegistry()
    let restored = registry.claim(order, length: .seconds(60), endedAt: -5_000)
    XCTAssertEqual(registry[order]?.endedAt, -5_000, "a restore of one that ran out meanwhile")
    registry.timeAdded(.seconds(1), token: restored.token, generation: restored.generation)
    XCTAssertEqual(registry[order]?.endedAt, 1_000_000_000 - 5_000, "the end moves with time added")
    let again = registry.claim(order, length: .seconds(60))
    XCTAssertNil(registry[order]?.endedAt, "a new start has not ended")
    registry.endedWhileSuspended([(restored.token, restored.generation, 7)])
    XCTAssertNil(registry[order]?.endedAt, "an end of a start replaced since is not the id's")
    registry.endedWhileSuspended([(again.token, again.generation, 7)])
    XCTAssertEqual(registry[order]?.endedAt, 7)
    registry.timeAdded(.nanoseconds(Int64.max), token: again.token, generation: again.generation)
    XCTAssertNil(registry[order]?.endedAt, "moved past the clock's range: no end that came")
  }

  func testAnEndForgetsItsID() {
    var registry = IDRegistry()
    let claim = registry.claim(order, length: .seconds(60))
    registry.countdownEnded(token: claim.token, generation: claim.generation)
    XCTAssertNil(registry[order])
    XCTAssertNil(registry.token(for: order))
  }

  func testAStartReplacedBeforeItsEndKeepsTheID() {
    var registry = IDRegistry()
    let first = registry.claim(order, length: .seconds(60))
    let second = registry.claim(order, length: .seconds(30))
    registry.countdownEnded(token: first.token, generation: first.generation)
    XCTAssertEqual(registry[order]?.generation, 2, "the first start's end leaves the second's id alone")
    XCTAssertEqual(registry.length(for: order), .seconds(30))
    registry.countdownEnded(token: second.token, generation: second.generation)
    XCTAssertNil(registry[order], "the latest start's end forgets it")
  }

  func testAnEndAfterACancelLeavesTheIDsNextStartAlone() {
    var registry = IDRegistry()
    let first = registry.claim(order, length: .seconds(60))
    XCTAssertTrue(registry.cancelled(order)?.token === first.token)
    let next = registry.claim(order, length: .seconds(10))
    XCTAssertFalse(next.token === first.token, "a cancelled id starts afresh, with a new token")
    XCTAssertEqual(next.generation, 1, "the same number as the cancelled start's")
    registry.countdownEnded(token: first.token, generation: first.generation)
    XCTAssertTrue(registry.token(for: order) === next.token, "told apart by token: the new start keeps the id")
  }

  func testARejectedStartGivesTheIDBackWhatItHad() {
    var registry = IDRegistry()
    let first = registry.claim(order, length: .seconds(60))
    let rejected = registry.claim(order, length: .seconds(5))
    registry.startRejected(rejected)
    XCTAssertTrue(registry.token(for: order) === first.token)
    XCTAssertEqual(registry[order]?.generation, 1)
    XCTAssertEqual(registry.length(for: order), .seconds(60), "the running countdown's length")
    registry.countdownEnded(token: first.token, generation: first.generation)
    XCTAssertNil(registry[order], "the first start ends as if nothing had come")
  }

  func testARejectedFirstStartLeavesNoID() {
    var registry = IDRegistry()
    registry.startRejected(registry.claim(order, length: .seconds(60)))
    XCTAssertNil(registry[order])
  }

  func testARejectedStartKeepsAStartThatCameInBetween() {
    var registry = IDRegistry()
    _ = registry.claim(order, length: .seconds(60))
    let rejected = registry.claim(order, length: .seconds(5))
    let later = registry.claim(order, length: .seconds(30))
    registry.startRejected(rejected)
    XCTAssertEqual(registry[order]?.generation, later.generation, "the later start stays")
    XCTAssertEqual(registry.length(for: order), .seconds(30))
  }

  func testARejectedStartKeepsACancelThatCameInBetween() {
    var registry = IDRegistry()
    _ = registry.claim(order, length: .seconds(60))
    let rejected = registry.claim(order, length: .seconds(5))
    _ = registry.cancelled(order)
    registry.startRejected(rejected)
    XCTAssertNil(registry[order], "the cancel stands: the id does not come back")
  }

  func testARejectedStartKeepsACancelAndAFreshStartThatCameInBetween() {
    var registry = IDRegistry()
    let rejected = registry.claim(order, length: .seconds(5))
    _ = registry.cancelled(order)
    let fresh = registry.claim(order, length: .seconds(30))
    XCTAssertEqual(fresh.generation, rejected.generation, "same number, other token")
    registry.startRejected(rejected)
    XCTAssertTrue(registry.token(for: order) === fresh.token)
    XCTAssertEqual(registry.length(for: order), .seconds(30))
  }

  func testAClaimStillHoldsItsIDUntilACancelAnEndOrAStartUnderAnotherToken() {
    var registry = IDRegistry()
    let claim = registry.claim(order, length: .seconds(60))
    XCTAssertTrue(registry.stillHolds(claim), "nothing came since")
    _ = registry.claim(IDKey("another order"), length: .seconds(60))
    XCTAssertTrue(registry.stillHolds(claim), "a start of another id leaves it")
    let replacing = registry.claim(order, length: .seconds(30))
    XCTAssertTrue(registry.stillHolds(claim), "a start that took the token over: the id still names it")
    _ = registry.cancelled(order)
    XCTAssertFalse(registry.stillHolds(claim), "cancelled")
    XCTAssertFalse(registry.stillHolds(replacing))
    let fresh = registry.claim(order, length: .seconds(60))
    XCTAssertFalse(registry.stillHolds(claim), "a fresh start after the cancel has a token of its own")
    registry.countdownEnded(token: fresh.token, generation: fresh.generation)
    XCTAssertFalse(registry.stillHolds(fresh), "ended")
    let last = registry.claim(order, length: .seconds(60))
    _ = registry.allCancelled()
    XCTAssertFalse(registry.stillHolds(last), "every id cancelled")
  }

  func testTimeAddedMovesTheLengthOfTheLatestStartOnly() {
    var registry = IDRegistry()
    let first = registry.claim(order, length: .seconds(60))
    registry.timeAdded(.seconds(15), token: first.token, generation: first.generation)
    XCTAssertEqual(registry.length(for: order), .seconds(75))
    registry.timeAdded(.seconds(-100), token: first.token, generation: first.generation)
    XCTAssertEqual(registry.length(for: order), .zero, "never below zero")
    let second = registry.claim(order, length: .seconds(30))
    registry.timeAdded(.seconds(15), token: first.token, generation: first.generation)
    XCTAssertEqual(registry.length(for: order), .seconds(30), "time added to a replaced start: the new one has its own")
    registry.timeAdded(.seconds(5), token: second.token, generation: second.generation)
    XCTAssertEqual(registry.length(for: order), .seconds(35))
  }

  func testTimeAddedLeavesACountUpWithoutALength() {
    var registry = IDRegistry()
    let claim = registry.claim(order, length: nil)
    registry.timeAdded(.seconds(15), token: claim.token, generation: claim.generation)
    XCTAssertNil(registry.length(for: order))
    XCTAssertNotNil(registry[order], "still counting up")
  }

  func testACancelForgetsTheIDAndHandsBackItsToken() {
    var registry = IDRegistry()
    let claim = registry.claim(order, length: .seconds(60))
    XCTAssertTrue(registry.cancelled(order)?.token === claim.token)
    XCTAssertNil(registry[order])
    XCTAssertNil(registry.cancelled(order), "nothing left to cancel")
  }

  func testCancellingAllForgetsEveryIDAndHandsBackWhatWasHeld() {
    var registry = IDRegistry()
    let a = registry.claim(IDKey("a"), length: .seconds(1))
    let seven = registry.claim(IDKey(7), length: nil)
    let held = registry.allCancelled()
    XCTAssertNil(registry[IDKey("a")])
    XCTAssertNil(registry[IDKey(7)])
    XCTAssertTrue(held.token(for: IDKey("a")) === a.token, "handed back, to be released after the lock")
    XCTAssertTrue(held.token(for: IDKey(7)) === seven.token)
    let next = registry.claim(IDKey("a"), length: .seconds(1))
    XCTAssertFalse(next.token === a.token)
    XCTAssertEqual(next.generation, 1)
  }

  func testIDsOfOneValueAndTwoTypesAreTwoIDs() {
    var registry = IDRegistry()
    let int = registry.claim(IDKey(7 as Int), length: .seconds(1))
    let int64 = registry.claim(IDKey(7 as Int64), length: .seconds(2))
    XCTAssertFalse(int.token === int64.token)
    XCTAssertEqual(int64.generation, 1, "not a second start of the Int")
    XCTAssertEqual(registry.records(of: Int.self).map(\.id), [7])
    XCTAssertEqual(registry.records(of: Int.self).first?.record.length, .seconds(1))
    XCTAssertEqual(registry.records(of: Int64.self).map(\.id), [7])
    XCTAssertEqual(registry.records(of: Int64.self).first?.record.length, .seconds(2))
    XCTAssertEqual(registry.records(of: String.self).count, 0)
    _ = registry.cancelled(IDKey(7 as Int64))
    XCTAssertNotNil(registry[IDKey(7 as Int)], "cancelling one leaves the other")
  }
}
