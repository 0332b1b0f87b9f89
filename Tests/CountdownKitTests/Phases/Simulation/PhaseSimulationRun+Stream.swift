import CountdownCore
import Dispatch
import Foundation

@testable import CountdownKit

// The stream of a countdown in phases in the simulation (`phaseUpdates(plan:)`): at most one at a
// time, read by a task of its own as fast as it can (every other one a millisecond slower after
// each update), so that it falls behind as a consumer may (its updates then merged); when it
// finishes (its plan's end, its task cancelled, the manager's
// `cancelAll()` at a relaunch or at the end of the run) every update it gave is checked against
// the plan walked from its start: each end once and in order, the positions after them, and no end
// missing that the manager had time to deliver.
extension PhaseSimulationRun {
  /// A stream being read, and what the model knows of it.
  final class StreamWatch {
    let expectation: PhaseExpectation
    let task: Task<Void, Never>
    let updates: LockedState<[CountdownPhaseUpdate]>
    let finished: DispatchSemaphore
    /// Ends due by this instant had to come (the manager ran, not suspended, past it).
    var deliveredBy: Int64

    init(
      expectation: PhaseExpectation, task: Task<Void, Never>, updates: LockedState<[CountdownPhaseUpdate]>,
      finished: DispatchSemaphore, deliveredBy: Int64
    ) {
      self.expectation = expectation
      self.task = task
      self.updates = updates
      self.finished = finished
      self.deliveredBy = deliveredBy
    }
  }

  /// Starts a stream walking a random plan, read by a task, unless one is being read.
  func startStream() throws {
    guard stream == nil else { return }
    let plan = try RandomPlan.make(&random, unit: unit)
    let now = clock.current
    trace.append("stream")
    streams += 1
    let updates = LockedState<[CountdownPhaseUpdate]>([])
    let finished = DispatchSemaphore(value: 0)
    let sequence = try manager.phaseUpdates(plan: plan)
    // Every other stream's reader takes a millisecond after each update, so that it falls behind
    // as a slow consumer does (its updates then merged) whatever the machine's load: a reader as
    // fast as it can falls behind only when the scheduler happens to keep it waiting.
    let slow = streams % 2 == 0
    let task = Task.detached {
      for await update in sequence {
        updates.withLock { $0.append(update) }
        if slow { try? await Task.sleep(for: .milliseconds(1)) }
      }
      finished.signal()
    }
    stream = StreamWatch(
      expectation: PhaseExpectation(
        generation: -1, plan: plan, startingAt: now, onlyTheEnds: false, stopsAtCall: nil),
      task: task, updates: updates, finished: finished, deliveredBy: now)
  }

  /// Cancels the task reading the stream, which ends its countdown; then checks what it gave (a
  /// cancelled reader takes nothing more, not even an update given before: none is owed).
  func cancelStream() {
    guard let stream else { return }
    trace.append("cancel stream")
    stream.task.cancel()
    endStream(readToTheEnd: false)
  }

  /// After time moved with the manager running: the stream's ends due by `instant` had to come.
  func streamRan(until instant: Int64) {
    guard let stream, !suspended else { return }
    stream.deliveredBy = max(stream.deliveredBy, instant)
  }

  /// Checks the stream if it finished by itself (its plan ended).
  func checkStreamIfFinished() {
    guard let stream, stream.finished.wait(timeout: .now()) == .success else { return }
    stream.finished.signal()
    endStream(planEnded: true)
  }

  /// Waits for the stream's reader to finish (its countdown ended), and checks what it read: all
  /// that was given unless `readToTheEnd` is `false` (its task was cancelled).
  func endStream(planEnded: Bool = false, readToTheEnd: Bool = true) {
    guard let watch = stream else { return }
    stream = nil
    guard watch.finished.wait(timeout: .now() + 10) == .success else {
      return fail("the stream did not finish after its countdown ended")
    }
    let updates = watch.updates.withLock { $0 }
    let expectation = watch.expectation
    for (index, update) in updates.enumerated() {
      let summary = update.earlierPhaseEnds
      let ordinals = Array(summary?.ordinals ?? 0..<0) + update.phaseEnds.map(\.ordinal)
      for ordinal in ordinals {
        guard !expectation.isEnded, ordinal == expectation.cursor.ordinal,
          case .running(let deadline) = expectation.cursor.timing
        else {
          return fail(
            "the stream's update \(index): ends \(ordinals), the model at ordinal \(expectation.cursor.ordinal)")
        }
        expectation.passEnd(at: deadline)
      }
      for end in update.phaseEnds {
        let phase = expectation.phase(end.ordinal)
        check(
          end.phase == phase?.phase && end.cycle == phase?.cycle && end.lateness >= .zero,
          "the stream's end of ordinal \(end.ordinal): \(end.phase.name) cycle \(end.cycle) late by \(end.lateness)")
      }
      if update.planEnded {
        check(index == updates.count - 1, "the stream's update \(index) ends the plan, \(updates.count) came")
        check(
          expectation.isEnded && update.position == nil, "the stream's plan ended at ordinal \(ordinals.last ?? -1)")
      } else if let position = update.position {
        check(
          position.ordinal == expectation.cursor.ordinal,
          "the stream's update \(index): position \(position.ordinal), expected \(expectation.cursor.ordinal)")
      } else {
        fail("the stream's update \(index): no position before the plan's end")
      }
    }
    if planEnded { check(updates.last?.planEnded == true, "the stream finished without its plan's end") }
    // No end missing that the manager had time to deliver (a phase that pauses the plan after it
    // leaves the next one waiting for a resume no one gives).
    if readToTheEnd, !expectation.isEnded, case .running(let deadline) = expectation.cursor.timing {
      check(
        deadline + interval + Self.late + 5_000_000 >= watch.deliveredBy,
        "the stream's end of ordinal \(expectation.cursor.ordinal) due at \(deadline) never came (ran to \(watch.deliveredBy))"
      )
    }
  }
}
