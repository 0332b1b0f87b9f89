import CountdownKit
import Foundation
import Observation

/// The live board: a flash-sale list, a "resend code" button, a call timer and a short interval
/// workout (``WorkoutRows``: a countdown in phases), every one of them a countdown (or count-up)
/// of `CountdownManager.shared`, which drives them all from one timer.
/// Part-way through, the board suspends the manager as an app going to the background would, and
/// resumes it with corrected times.
///
/// The flash-sale list is an `ObservableCountdownList`, rendered from it as a SwiftUI `List`
/// would be: the board reads it under `withObservationTracking` and redraws when what it read
/// changes. The account rows use callbacks, as UIKit code does.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
final class SaleBoard {
  /// One line of the board, and the receiver of its countdown.
  @MainActor
  final class Row {
    let title: String
    var value = "…"
    init(_ title: String) { self.title = title }
  }

  private let manager = CountdownManager.shared
  private let terminal: Terminal
  private let runFor: Int
  private let startedAt = ContinuousClock.now
  private let sales = ObservableCountdownList<String>(manager: .shared)
  /// Sales whose end was refused, with the reason (none in the catalog below; kept for edits).
  private var rejectedSales: [String: String] = [:]
  private let resend = Row("Verification code")
  private let call = Row("Support call")
  private let workout = WorkoutRows()
  private var status = "Running."
  private var redrawQueued = false

  /// Items and when their sale ends, relative to now: seconds, minutes, days, and one already over.
  private static let catalog: [(String, TimeInterval)] = [
    ("Wireless earbuds", 6), ("Espresso machine", 14), ("Trail running shoes", 23),
    ("Mechanical keyboard", 47), ("Noise-cancelling headphones", 95), ("4K monitor", 8 * 60 + 20),
    ("Standing desk", 65 * 60), ("Smart watch", 27 * 3600 + 125), ("Robot vacuum", 3 * 86400),
    ("Vintage camera", -30),
  ]

  init(runFor seconds: Int, terminal: Terminal) {
    runFor = seconds
    self.terminal = terminal
  }

  func start() {
    terminal.begin()
    let now = Date()
    for (title, offset) in Self.catalog {
      do {
        try sales.start(id: title, until: now.addingTimeInterval(offset))
      } catch {
        rejectedSales[title] = "rejected: \(error)"
      }
    }
    startResendCountdown()
    workout.start(on: manager) { [unowned self] in setNeedsRedraw() }
    manager.listen(call) { [unowned self] row, elapsed, _ in
      row.value = RemainingTime(seconds: elapsed).formatted() + " and counting"
      setNeedsRedraw()
    }
    // The suspension starts a third of the way in and lasts at most 4 s, so that it ends before
    // the run does; a run shorter than 3 s has none.
    let away = min(4, runFor / 3)
    if away >= 1 {
      let suspendAt = runFor / 3
      after(seconds: suspendAt) { [self] in
        manager.suspendTicking()
        status = "Suspended, as an app in the background: no wakeups for \(away) s..."
        setNeedsRedraw()
      }
      after(seconds: suspendAt + away) { [self] in
        manager.resumeTicking()
        status = "Resumed: one catch-up callback each, times corrected by the \(away) s away."
      }
    }
    after(seconds: runFor) { [self] in
      redraw()
      terminal.end()
      let stats = manager.engine.statistics
      print(
        "CountdownDemo: \(stats.deliveries) callbacks in \(stats.batches) batches from \(stats.wakeups) wakeups of one timer."
      )
      print("CountdownDemo: the workout's plan delivered \(workout.summary).")
      exit(0)
    }
    setNeedsRedraw()
  }

  private func startResendCountdown() {
    show(resend) {
      try manager.start(resend, seconds: 12) { [unowned self] row, remaining, _ in
        row.value = remaining > 0 ? "[ Resend in \(remaining) s ]" : "[ Resend code ]  (tapped again in 3 s)"
        setNeedsRedraw()
        if remaining == 0 {
          after(seconds: 3) { [self] in startResendCountdown() }
        }
      }
    }
  }

  /// Runs a registration, showing a rejected one in its row instead of crashing.
  private func show(_ row: Row, _ register: () throws -> Void) {
    do {
      try register()
    } catch {
      row.value = "rejected: \(error)"
    }
  }

  /// One redraw per batch: every callback of a tick runs inside one main-queue block, so a redraw
  /// queued behind it sees them all.
  private func setNeedsRedraw() {
    guard !redrawQueued else { return }
    redrawQueued = true
    DispatchQueue.main.async { [self] in
      MainActor.assumeIsolated {
        redrawQueued = false
        redraw()
      }
    }
  }

  private func redraw() {
    let elapsed = RemainingTime(startedAt.duration(to: .now)).formatted()
    let stats = manager.engine.statistics
    let rule = String(repeating: "─", count: 58)
    var lines = [
      " CountdownKit — many countdowns, one shared timer      \(elapsed)",
      " " + rule,
      " FLASH SALE",
    ]
    lines += saleLines()
    lines += [
      " ACCOUNT",
      "   " + resend.title.padding(toLength: 32, withPad: " ", startingAt: 0) + resend.value,
      "   " + call.title.padding(toLength: 32, withPad: " ", startingAt: 0) + call.value,
    ]
    lines += workout.lines
    lines += [
      " " + rule,
      " receivers: \(stats.receivers)   timers: \(stats.hasTimer ? 1 : 0)   wakeups: \(stats.wakeups)   callbacks: \(stats.deliveries)",
      " " + status,
    ]
    if terminal.isInteractive { lines.append(" (Ctrl-C to quit; ends by itself after \(runFor) s)") }
    terminal.draw(lines)
  }

  /// The flash-sale rows, read from the observable list; any change to what is read here (a row's
  /// value, a row added or removed) queues the next redraw.
  private func saleLines() -> [String] {
    withObservationTracking {
      sales.ids.map { title in
        let value = sales[title].map { $0.hasEnded ? "SALE ENDED" : $0.remainingTime.formatted() } ?? "…"
        return "   " + title.padding(toLength: 32, withPad: " ", startingAt: 0) + value
      }
        + rejectedSales.sorted { $0.key < $1.key }.map { title, reason in
          "   " + title.padding(toLength: 32, withPad: " ", startingAt: 0) + reason
        }
    } onChange: { [weak self] in
      // Told on the main actor, where the manager delivers, before the change is applied; the
      // redraw is queued behind it.
      MainActor.assumeIsolated { self?.setNeedsRedraw() }
    }
  }

  private func after(seconds: Int, _ work: @escaping @MainActor () -> Void) {
    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(seconds)) {
      MainActor.assumeIsolated(work)
    }
  }
}
