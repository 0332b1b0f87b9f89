import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The scheduler's calls of its store: one at a time, in the order of the changes, a follow and a
/// token update returning once their save is made, whether the store is in memory (called from
/// the thread of each change) or not (called from the scheduler's queue); a save that fails.
final class PushSchedulerStoreTests: XCTestCase {
  /// A store in memory that notes each call, checks that no two overlap, and fails when told to.
  final class CheckingStore: CountdownPushSchedulerStore, Sendable {
    struct Broken: Error, CustomStringConvertible {
      var description: String { "disk full" }
    }

    private struct State {
      var records: [String: CountdownPushRecord<String>] = [:]
      var calls = 0
      var inside = 0
      var overlaps = 0
      var fails = false
    }

    private let state = LockedState(State())
    let isInMemory: Bool

    init(isInMemory: Bool) {
      self.isInMemory = isInMemory
    }

    var overlaps: Int { state.withLock { $0.overlaps } }
    var calls: Int { state.withLock { $0.calls } }
    subscript(id: String) -> CountdownPushRecord<String>? { state.withLock { $0.records[id] } }

    func failing(_ fails: Bool) {
      state.withLock { $0.fails = fails }
    }

    func load() throws -> [CountdownPushRecord<String>] { state.withLock { Array($0.records.values) } }

    func save(_ record: CountdownPushRecord<String>) throws {
      try call { $0.records[record.id] = record }
    }

    func remove(id: String) throws {
      try call { $0.records[id] = nil }
    }

    private func call(_ change: (inout State) -> Void) throws {
      let fails = state.withLock { state in
        state.calls += 1
        state.inside += 1
        if state.inside > 1 { state.overlaps += 1 }
        return state.fails
      }
      // Long enough for another thread's call to come in meanwhile, were calls not one at a time.
      for _ in 0..<200 { _ = ProcessInfo.processInfo.systemUptime }
      state.withLock { state in
        state.inside -= 1
        if !fails { change(&state) }
      }
      if fails { throw Broken() }
    }
  }

  func testTheStoresCallsAreOneAtATimeInOrderAndAFollowReturnsOnceItsSaveIsMade() async throws {
    for isInMemory in [true, false] {
      let rig = try PushRig()
      let store = CheckingStore(isInMemory: isInMemory)
      let scheduler = try rig.scheduler(store: store)
      let ids = (0..<40).map { "id\($0)" }
      let snapshots = try ids.map { try rig.snapshot($0) }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (id, snapshot) in zip(ids, snapshots) {
          group.addTask {
            try await scheduler.follow(snapshot, id: id, token: "a-\(id)")
            XCTAssertEqual(store[id]?.token, "a-\(id)", "saved when the follow returns")
            try await scheduler.updateToken("b-\(id)", id: id)
            XCTAssertEqual(store[id]?.token, "b-\(id)", "saved when the update returns")
            if id.hasSuffix("7") {
              try await scheduler.stop(id: id)
              XCTAssertNil(store[id], "removed when the stop returns")
            }
          }
        }
        try await group.waitForAll()
      }
      await scheduler.settled()
      XCTAssertEqual(store.overlaps, 0, "in memory: \(isInMemory)")
      for id in ids {
        XCTAssertEqual(store[id], scheduler.record(id: id), "the last change of \(id) is the one kept")
      }
      XCTAssertEqual(store[ids[0]]?.sentCount, 1, "the first push's send is saved")
      XCTAssertEqual(rig.gateway.calls.count, ids.count)
    }
  }

  func testASaveThatFailsIsThrownToTheFollowAndReportedAfterASend() async throws {
    for isInMemory in [true, false] {
      let rig = try PushRig()
      let store = CheckingStore(isInMemory: isInMemory)
      let scheduler = try rig.scheduler(store: store)
      rig.gateway.hold()
      store.failing(true)
      do {
        try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
        XCTFail("the store's error was not thrown")
      } catch let error as CheckingStore.Broken {
        XCTAssertEqual(error.description, "disk full")
      }
      XCTAssertEqual(scheduler.followedIDs, ["workout"], "followed in memory")
      // The first push's outcome is saved: that save fails too, and is reported.
      rig.gateway.release()
      await scheduler.settled()
      XCTAssertEqual(rig.reports.all.map(\.kind), [.storeFailed], "in memory: \(isInMemory)")
      XCTAssertEqual(rig.reports.all.first?.detail, "disk full")
      store.failing(false)
      try rig.advance(to: 30.05)
      await scheduler.settled()
      XCTAssertEqual(store["workout"]?.sentCount, 2, "the next save writes the record whole")
    }
  }
}
