// swift-format-ignore-file
// (The documentation's samples are copied here verbatim, checked by SampleCopyTests: a formatter
// that changed a copy would part it from its sample.)
// The README's code samples, verbatim, between `// README` and `// END README` markers, so that
// the compiler checks them and tests run them; `SampleCopyTests` fails if the README and these
// drift apart.
import CountdownAlerts
import CountdownCore
import CountdownKit
import Dispatch
import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

#if canImport(UIKit) && !canImport(WatchKit)
  import UIKit
#else
  // Just enough of UIKit for the cell sample to compile where UIKit has no table views: Linux,
  // macOS, and watchOS (whose UIKit has no views).
  @MainActor class UITableViewCell { init() {} }
  @MainActor class UILabel { var text: String? }
#endif

struct SaleItem {
  var endsAt: Date
}

struct Order: Identifiable {
  var id: Int
  var deliveryDeadline: Date
}

@MainActor final class ResendButton {
  var title = ""
}

@MainActor func startPomodoro(on manager: CountdownManager, label: UILabel) throws {
  // README: phases
  let pomodoro = try CountdownPlan(blocks: [
    CountdownPlan.Block(
      [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .forever,
      longBreak: CountdownPhase("Long break", .seconds(15 * 60)), every: 4)
  ])
  // `manager`: CountdownManager.shared in the app, one on a ManualCountdownClock in its tests.
  try manager.start(id: "focus", plan: pomodoro) { _, update, _ in
    label.text = "\(update.position?.phase.name ?? "Done") · \(RemainingTime(seconds: update.remaining).formatted())"
  }
  // END README
}

// README: uikit
final class SaleCell: UITableViewCell {
  let timeLabel = UILabel()
  var countdowns = CountdownManager.shared  // tests set a manager on a ManualCountdownClock

  func configure(with item: SaleItem) {
    // Called again when the cell is reused: that replaces its countdown, never adds a second one.
    do {
      try countdowns.start(self, until: item.endsAt) { cell, remaining, _ in
        cell.timeLabel.text = remaining > 0 ? RemainingTime(seconds: remaining).formatted() : "Sale ended"
      }
    } catch {
      // A date too far away to count down to. The countdown of the item this cell showed before
      // was left running: end it, or its next tick would overwrite the dash with that item's time.
      countdowns.cancel(self)
      timeLabel.text = "—"
    }
  }
}
// END README

// README: swiftui
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)  // Observation
@MainActor
final class DeliveryTracker {
  let minutesLeft: ObservableCountdownList<Order.ID>

  init() throws {
    // A second manager, ticking per minute. Each order's row is observed on its own.
    minutesLeft = ObservableCountdownList(manager: try CountdownManager(interval: .seconds(60)))
  }

  func track(_ order: Order) throws {
    try minutesLeft.start(id: order.id, until: order.deliveryDeadline)  // again: restarts the row
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct DeliveryRow: View {
  let countdown: ObservableCountdown?  // observed alone: other rows' ticks do not redraw this one

  var body: some View {
    Text(countdown.map { $0.hasEnded ? "Delivered" : "\($0.remaining) min" } ?? "—")
  }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct DeliveriesView: View {
  let orders: [Order]
  let tracker: DeliveryTracker

  var body: some View {
    List(orders) { order in
      DeliveryRow(countdown: tracker.minutesLeft[order.id])
    }
  }
}
// END README

// README: async
@MainActor
func countDown(_ button: ResendButton) async throws {
  for await remaining in try CountdownManager.shared.values(for: .seconds(30)) {
    button.title = remaining > 0 ? "Resend in \(remaining) s" : "Resend code"
  }
  // Cancelling this task cancels the countdown.
}
// END README

// ARTICLE: GettingStarted's session expiry (the README's, before it linked there)
final class Session: Sendable {
  let id: String
  init(id: String) { self.id = id }
}

final class SessionExpiry: Sendable {
  private let engine: CountdownEngine

  init(queue: DispatchQueue) throws {
    engine = try CountdownEngine(interval: .seconds(1), deliveryQueue: queue)
  }

  func touch(_ session: Session, onExpiry expire: @escaping @Sendable (Session) -> Void) throws {
    // Touching the same session again replaces its countdown.
    try engine.register(session, .duration(.seconds(15 * 60))) { [weak session] remaining, stop in
      guard let session else { return stop = true }  // the engine never keeps a session alive
      if remaining == 0 { expire(session) }
    }
  }
}
// END ARTICLE

#if canImport(UserNotifications)
  @available(tvOS, unavailable)
  func followTimers() throws -> CountdownNotifications<String> {
    // README: alerts
    // At launch, after restoring the countdowns; keep `alerts` for as long as the app runs.
    let alerts = try CountdownNotifications(String.self, manager: .shared, center: UserNotificationCenter()) { id, moment in
      CountdownAlertContent(title: "Timer", body: moment == .end ? "\(id) is done." : "\(id): almost done.")
    }
    // END README
    return alerts
  }
#endif
