import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// One snapshot restored twice after the same gap, on two new managers whose clocks read alike:
/// by the manager's own `restore(_:_:phases:)` (the reference), and into an observable model by
/// `phaseCountdown(restoring:id:)`. ``assertAgree(_:file:line:)`` checks that the model shows what
/// the reference's handler was told and where its sequence is; ``advance(seconds:)`` moves both
/// clocks alike.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
final class RestoredPhaseTwins {
  let id: String
  /// The reference: the snapshot restored by the manager, its updates of `id` logged.
  let manager: CountdownManager
  let clock: ManualCountdownClock
  let restoration: CountdownRestoration<String>
  /// The model restored from the snapshot, and its manager.
  let model: ObservablePhaseCountdown
  let modelManager: CountdownManager
  let modelClock: ManualCountdownClock
  /// The device's clock of both, which moves with their clocks.
  let wall: TestWallClock
  private let log: LockedState<[CountdownPhaseUpdate]>
  /// Whether the clocks moved since the restore.
  private var advanced = false
  /// The model's value before any call: the restored phase's time left, rounded up.
  private let firstRemaining: Int

  /// Restores `snapshot` both ways `seconds` after it was taken, on `wall` moved by as long.
  init(_ snapshot: CountdownSnapshot<String>, id: String, after seconds: TimeInterval, wall: TestWallClock) throws {
    self.id = id
    self.wall = wall
    wall.jump(by: seconds)
    let log = LockedState<[CountdownPhaseUpdate]>([])
    self.log = log
    (manager, clock) = try makeManager(wall: wall)
    restoration = try manager.restore(snapshot) { _, _, _ in
    } phases: { restored, update, _ in
      if restored == id { log.withLock { $0.append(update) } }
    }
    (modelManager, modelClock) = try makeManager(wall: wall)
    model = try XCTUnwrap(modelManager.phaseCountdown(restoring: snapshot, id: id))
    let left = manager.phasePosition(id: id)?.timeLeftInPhase ?? .zero
    firstRemaining = Int((left + .nanoseconds(999_999_999)) / .seconds(1))
  }

  var updates: [CountdownPhaseUpdate] { log.withLock { $0 } }

  /// Both clocks and the device's `seconds` on, a second at a time.
  func advance(seconds: Int) throws {
    advanced = true
    for _ in 0..<seconds {
      wall.jump(by: 1)
      try clock.advance(by: .seconds(1))
      try modelClock.advance(by: .seconds(1))
    }
  }

  /// The model shows what the reference's handler was last told (the ends, the value, the plan's
  /// end), and is where the reference's sequence is (its position and dates).
  func assertAgree(_ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {
    let updates = updates
    let context = "\(context()) \(id)"
    let moved = updates.last { !$0.phaseEnds.isEmpty || $0.earlierPhaseEnds != nil }
    XCTAssertEqual(model.lastPhaseEnds, moved?.phaseEnds ?? [], context, file: file, line: line)
    XCTAssertEqual(model.earlierPhaseEnds, moved?.earlierPhaseEnds, context, file: file, line: line)
    let ended = updates.contains { $0.planEnded }
    XCTAssertEqual(model.hasEnded, ended, context, file: file, line: line)
    if ended {
      XCTAssertEqual(model.endDate, moved?.phaseEnds.last?.date, context, file: file, line: line)
      if let restoredEnded = restoration.ended[id] {
        XCTAssertEqual(model.endDate, restoredEnded, context, file: file, line: line)
      }
      XCTAssertNil(model.phase, context, file: file, line: line)
      XCTAssertEqual(model.remaining, 0, context, file: file, line: line)
      XCTAssertEqual([manager.contains(id: id), model.isActive], [false, false], context, file: file, line: line)
      return
    }
    XCTAssertNil(restoration.ended[id], context, file: file, line: line)
    let position = manager.phasePosition(id: id)
    XCTAssertNotNil(position, context, file: file, line: line)
    XCTAssertEqual(model.position, position, context, file: file, line: line)
    XCTAssertEqual(model.phase, position?.phase, context, file: file, line: line)
    XCTAssertEqual(model.nextPhase, position?.nextPhase, context, file: file, line: line)
    XCTAssertEqual(
      [model.ordinal, model.cycle, model.phaseIndex], [position?.ordinal, position?.cycle, position?.phaseIndex],
      context, file: file, line: line)
    XCTAssertEqual(
      [model.isPaused, model.isLongBreak], [position?.isPaused, position?.isLongBreak], context, file: file, line: line)
    XCTAssertEqual(model.remaining, updates.last?.remaining ?? firstRemaining, context, file: file, line: line)
    let dates = manager.timerDates(id: id)
    if let dates, let pauseTime = dates.pauseTime, let modelPauseTime = model.pauseTime {
      // Paused: the manager lays the range out from the moment it is read, the model from the
      // moment the phase moved; the same time left and the same span.
      let left = dates.timerInterval.upperBound.timeIntervalSince(pauseTime)
      let modelLeft = model.timerInterval.upperBound.timeIntervalSince(modelPauseTime)
      XCTAssertEqual(modelLeft, left, accuracy: 1e-6, context, file: file, line: line)
      let span = dates.timerInterval.upperBound.timeIntervalSince(dates.timerInterval.lowerBound)
      let modelSpan = model.timerInterval.upperBound.timeIntervalSince(model.timerInterval.lowerBound)
      XCTAssertEqual(modelSpan, span, accuracy: 1e-6, context, file: file, line: line)
    } else if advanced {
      // A range is read from the registration when asked (a phase given time past its length
      // spans what it has left then), the model's set when the phase moved: the same end.
      XCTAssertEqual(model.timerInterval.upperBound, dates?.timerInterval.upperBound, context, file: file, line: line)
      XCTAssertEqual([model.pauseTime, dates?.pauseTime], [nil, nil], context, file: file, line: line)
    } else {
      XCTAssertEqual(model.timerDates, dates, context, file: file, line: line)
    }
    XCTAssertEqual(model.planEndDate, position?.planEndDate, context, file: file, line: line)
  }

  func cancelAll() {
    manager.cancelAll()
    modelManager.cancelAll()
  }
}
