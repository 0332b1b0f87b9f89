import CountdownKit
import Foundation

/// `--pushes [--seconds S]`: the package's server half at work, in one process. A manager runs a
/// short Pomodoro as the app would and posts its snapshot; a push scheduler, on an engine of its
/// own as a server has, follows it and sends each push, printed, at its date. Midway the app skips
/// the break and posts again: the schedule not sent yet is replaced. Ends when the plan's end push
/// has gone out, or after S seconds.
@MainActor
final class PushRun {
  private static let id = "pomodoro"
  /// The Live Activity's push token, as the app would post it: the printing sender reaches no one.
  private static let token = "demo-token"
  /// When the app skips the break: in the first one (1–2 s), so that a push of the first schedule
  /// (at 2 s) is still to come and is seen replaced.
  private static let skipAfter = 1.5

  private let seconds: Int
  private let origin = Date()
  private let manager = CountdownManager.shared
  private let sender: PrintingSender
  private var scheduler: CountdownPushScheduler<String>?
  /// The schedule last posted, to show what a new post replaces.
  private var schedule: [CountdownPhasePush] = []

  init(seconds: Int) {
    self.seconds = seconds
    sender = PrintingSender(origin: origin)
  }

  func start() {
    do {
      // 1 s of focus and 1 s of break, twice, the second break a 2 s long one: 5 s in all, so the
      // whole plan runs in the demo's few seconds (a real one counts 25 min and 5 min).
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(1)), CountdownPhase("Break", .seconds(1), purpose: .recovery)],
          repeated: .times(2), longBreak: CountdownPhase("Long break", .seconds(2), purpose: .recovery), every: 2)
      ])
      // The server's engine: its own queue, off the app's main queue, as on a server.
      let engine = try CountdownEngine(interval: .seconds(1), deliveryQueue: DispatchQueue(label: "pushes"))
      scheduler = try CountdownPushScheduler(
        engine: engine, sender: sender, store: MemoryPushStore(),
        onReport: { [self] report in
          DispatchQueue.main.async { MainActor.assumeIsolated { self.reported(report) } }
        })
      // The app's side: the countdown's views would show each phase; the pushes tell the story here.
      try manager.start(id: Self.id, plan: plan) { _, _, _ in }
    } catch {
      fail("could not start: \(error)")
    }
    print("CountdownDemo pushes: Focus 1 s, Break 1 s, Focus 1 s, Long break 2 s, followed by a push scheduler")
    post("app starts the plan")
    DispatchQueue.main.asyncAfter(deadline: .now() + Self.skipAfter) { [self] in
      MainActor.assumeIsolated {
        guard manager.skipPhase(id: Self.id) else { fail("the plan had no phase to skip") }
        post("app skips the break")
      }
    }
    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(seconds)) { [self] in
      MainActor.assumeIsolated { finish("stopped after \(seconds) s, before the plan's end push") }
    }
  }

  /// Posts the manager's snapshot to the scheduler, as the app uploads it to its server after each
  /// change, and prints the schedule the scheduler lays out from it.
  private func post(_ change: String) {
    guard let scheduler else { return }
    let snapshot = manager.snapshot(of: String.self)
    let now = Date()
    // What the scheduler lays out from this snapshot, a hair later (`follow` reads its own now).
    let replaced = schedule.filter { $0.sendDate > now.timeIntervalSince1970 }
    schedule = snapshot.pushSchedule(id: Self.id, from: now, limit: 8)
    print("+\(format(now.timeIntervalSince1970)) s  \(change) and posts its snapshot: pushes \(listed(schedule))")
    if !replaced.isEmpty {
      print("         in place of \(listed(replaced)), not sent yet")
    }
    Task {
      do {
        try await scheduler.follow(snapshot, id: Self.id, token: Self.token)
      } catch {
        fail("the scheduler refused the snapshot: \(error)")
      }
    }
  }

  /// `pushes` as their events and send dates after the start.
  private func listed(_ pushes: [CountdownPhasePush]) -> String {
    pushes.map { "\($0.event.name) +\(format($0.sendDate))" }.joined(separator: ", ")
  }

  /// `date`, in seconds since 1970, as seconds after the start, to the hundredth.
  private func format(_ date: Double) -> String {
    String(format: "%.2f", max(0, date - origin.timeIntervalSince1970))
  }

  private func reported(_ report: CountdownPushSchedulerReport<String>) {
    // `.ended`: the end push went out, and the id is no longer followed.
    guard report.kind == .ended else { fail("the scheduler stopped following: \(report)") }
    finish("the plan's end push went out")
  }

  private func finish(_ reason: String) {
    let elapsed = String(format: "%.2f", Date().timeIntervalSince(origin))
    let sent = sender.sent
    print("pushes demo: \(sent) push\(sent == 1 ? "" : "es") sent in \(elapsed) s; \(reason)")
    exit(0)
  }

  private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("pushes demo: \(message)\n".utf8))
    exit(1)
  }
}
