import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// A scheduler that stops and a new one on the same store: the new one sends each step not sent
/// yet, never one recorded as sent, and again one whose send was running when the first stopped
/// (at least once).
final class CountdownPushSchedulerRestartTests: XCTestCase {
  func testARestartSendsNothingTwiceAndLosesNothing() async throws {
    let rig = try PushRig()
    let file = PushRig.temporaryFile()
    defer { try? file.remove() }
    let snapshot = try rig.snapshot()
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 10)
    var first: CountdownPushScheduler<String>? = try rig.scheduler(store: CountdownPushSchedulerJSONStore(file))
    try await first?.follow(snapshot, id: "workout", token: "t1")
    try await first?.follow(try rig.snapshot("other", firstEnd: 25), id: "other", token: "t2")
    await first?.settled()
    try rig.advance(to: 30.1)
    await first?.settled()
    XCTAssertEqual(rig.gateway.delivered.filter { $0.id == "workout" }.map(\.push), Array(expected.prefix(2)))
    first = nil
    XCTAssertEqual(rig.engine.count, 0, "a scheduler gone leaves no registration")
    // A new process: its own engine, the same clocks, the same file read by a new store.
    let second = try PushRig.restarted(rig, store: CountdownPushSchedulerJSONStore(file))
    XCTAssertEqual(Set(second.scheduler.followedIDs), ["workout", "other"])
    await second.scheduler.settled()
    XCTAssertEqual(second.gateway.calls.count, 0, "every step due was sent, and is recorded")
    try rig.advance(to: 61)
    await second.scheduler.settled()
    let all = rig.gateway.delivered + second.gateway.delivered
    XCTAssertEqual(all.filter { $0.id == "workout" }.map(\.push), expected, "each step once, none lost")
    let other = all.filter { $0.id == "other" }.map { $0.push.sendDate - PushRig.origin }
    XCTAssertEqual(other, [0, 35], "the other id's steps, each once")
    XCTAssertEqual(second.scheduler.followedIDs, ["other"])
    XCTAssertEqual(try CountdownPushSchedulerJSONStore<String>(file).load().map(\.id), ["other"])
  }

  func testStepsDueWhileNoProcessRanGoOutAsTheirLastOneAtTheRestart() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let plan = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10))], repeated: .forever)
    ])
    let snapshot = try rig.snapshot(plan: plan)
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 100)
    var first: CountdownPushScheduler<String>? = try rig.scheduler(store: store)
    try await first?.follow(snapshot, id: "workout", token: "t1")
    await first?.settled()
    first = nil
    // Down from 0 s to 1 000 s: 33 steps were due, the last at 990 s.
    try rig.advance(to: 1_000)
    let second = try PushRig.restarted(rig, store: store)
    await second.scheduler.settled()
    XCTAssertEqual(second.gateway.delivered.map(\.push), [expected[33]], "the last step due, at once")
    XCTAssertEqual(store["workout"]?.sentCount, 34)
    try rig.advance(to: 1_021)
    await second.scheduler.settled()
    XCTAssertEqual(second.gateway.delivered.map(\.push), [expected[33], expected[34]])
  }

  func testAStepInFlightWhenTheProcessStoppedIsSentAgainAtLeastOnce() async throws {
    let rig = try PushRig()
    let file = PushRig.temporaryFile()
    defer { try? file.remove() }
    let snapshot = try rig.snapshot()
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 10)
    let first = try rig.scheduler(store: CountdownPushSchedulerJSONStore(file))
    try await first.follow(snapshot, id: "workout", token: "t1")
    await first.settled()
    // The second step's send begins, and the process stops before the gateway answers.
    rig.gateway.hold()
    try rig.advance(to: 30.1)
    await CountdownPushSchedulerTests.waitFor { rig.gateway.calls.count == 2 }
    XCTAssertEqual(try CountdownPushSchedulerJSONStore<String>(file).load().first?.sentCount, 1, "not recorded")
    let second = try PushRig.restarted(rig, store: CountdownPushSchedulerJSONStore(file))
    await second.scheduler.settled()
    XCTAssertEqual(second.gateway.delivered.map(\.push), [expected[1]], "sent again at the restart")
    XCTAssertEqual(rig.gateway.calls.map(\.push), Array(expected.prefix(2)))
    XCTAssertEqual(try CountdownPushSchedulerJSONStore<String>(file).load().first?.sentCount, 2)
    // The stopped process never answers: its held send is let go only to end the test.
    rig.gateway.release()
  }

  func testTheJSONStoreKeepsEachIDsLastRecord() async throws {
    let rig = try PushRig()
    let file = PushRig.temporaryFile()
    defer { try? file.remove() }
    let store = CountdownPushSchedulerJSONStore<String>(file)
    XCTAssertEqual(try store.load().count, 0)
    let scheduler = try rig.scheduler(store: store)
    try await scheduler.follow(try rig.snapshot("a"), id: "a", token: "ta")
    try await scheduler.follow(try rig.snapshot("b"), id: "b", token: "tb")
    try await scheduler.updateToken("tb2", id: "b")
    await scheduler.settled()
    try await scheduler.stop(id: "a")
    let records = try CountdownPushSchedulerJSONStore<String>(file).load()
    XCTAssertEqual(records.map(\.id), ["b"])
    XCTAssertEqual(records.first?.token, "tb2")
    XCTAssertEqual(records.first?.sentCount, 1)
    XCTAssertEqual(records.first, scheduler.record(id: "b"), "what is read back is what was saved, dates exact")
    // A record whose date went through an encoder's ISO 8601 strategy would be cut to whole
    // seconds: the record writes its own number.
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let record = try XCTUnwrap(records.first)
    XCTAssertEqual(try decoder.decode(CountdownPushRecord<String>.self, from: encoder.encode(record)), record)
    let broken = try XCTUnwrap(
      String(data: JSONEncoder().encode(record), encoding: .utf8)?.replacingOccurrences(
        of: "\"sentCount\":1", with: "\"sentCount\":-1"))
    XCTAssertThrowsError(try JSONDecoder().decode(CountdownPushRecord<String>.self, from: Data(broken.utf8)))
  }
}

extension PushRig {
  /// A new process after `rig`'s: a new engine and gateway on the same clocks, and a scheduler
  /// over `store`.
  static func restarted(
    _ rig: PushRig, store: some CountdownPushSchedulerStore<String>
  ) throws -> (scheduler: CountdownPushScheduler<String>, gateway: FakeGateway) {
    let engine = try CountdownEngine(
      interval: .seconds(1), clock: rig.clock, deliveryQueue: DispatchQueue(label: "push-scheduler-restarted"))
    let gateway = FakeGateway(wallClock: rig.wallClock)
    let scheduler = try CountdownPushScheduler(
      engine: engine, sender: gateway, store: store, wallClock: rig.wallClock, onReport: rig.reports.append)
    return (scheduler, gateway)
  }
}
