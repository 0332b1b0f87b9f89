// What the doc comments' samples (DocCommentSamples.swift) take as given: the app's types (a sale
// cell, an order, a resend button, ...) and the values a sample names without declaring them
// (`manager`, `cell`, `store`, ...). Nothing here runs: the values are only type-checked. A sample
// that names something not declared here fails with "cannot find 'name' in scope": declare it
// here, with the type the sample's text implies.
import CountdownAlerts
import CountdownCore
import CountdownKit
import CountdownPush
import Dispatch
import Foundation
import XCTest

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  import ActivityKit
#endif
#if canImport(SwiftUI)
  import SwiftUI
#endif
#if canImport(UIKit)
  import UIKit
#endif
#if canImport(UserNotifications)
  import UserNotifications
#endif
#if canImport(WidgetKit)
  import WidgetKit
#endif

#if !(canImport(UIKit) && !canImport(WatchKit))
  // Just enough of UIKit's views for the cell samples where it has none (Linux, macOS, watchOS).
  @MainActor class UITableViewCell {}
  @MainActor class UILabel { var text: String? }
#endif

/// The body of a statement sample: a sample shows values it does not use (`countdown.remaining
/// // 30`), which a function's body would warn about and the build treats warnings as errors.
@resultBuilder enum SampleBody {
  static func buildExpression<Value>(_ value: Value) -> Any { value }
  static func buildBlock(_ parts: Any...) -> Any { parts }
  static func buildOptional(_ part: Any?) -> Any { part as Any }
  static func buildEither(first: Any) -> Any { first }
  static func buildEither(second: Any) -> Any { second }
  static func buildArray(_ parts: [Any]) -> Any { parts }
}

private func unavailable<Value>() -> Value { fatalError("the samples are compiled, not run") }

// MARK: - The app's types

/// A flash sale's item.
struct SaleItem: Sendable {
  var endsAt: Date
  var saleEnd: Date
}

/// A sale's table view cell.
@MainActor class SaleCell: UITableViewCell {
  let timeLabel = UILabel()
}

/// An order's table view cell, with its estimated arrival.
@MainActor class OrderCell: UITableViewCell {
  let etaLabel = UILabel()
}

/// An order, delivered by a deadline.
struct Order: Identifiable, Sendable {
  var id: String
  var deliveryDeadline: Date
  var deliveryWindow: Duration
}

/// A button showing how long until a code can be sent again.
@MainActor final class ResendButton {
  var title = ""
  init() {}
}

/// A quiz question on screen.
@MainActor final class QuizQuestion {
  var secondsLeft = 0
  init() {}
}

/// An exam, told when a milestone is reached.
@MainActor final class Exam {
  func reached(_ secondsLeft: Int) {}
}

/// A banner that hides itself.
@MainActor final class Banner {
  var isHidden = false
}

/// A call's screen, showing how long the call has lasted.
@MainActor final class CallView {
  let durationLabel = UILabel()
}

/// A phone call.
struct Call: Sendable {
  var id: String
}

/// A document saved automatically.
@MainActor final class Document {
  func save() {}
}

/// A server session: an engine key that expires.
final class Session: Sendable {
  let id: String
  init(id: String) { self.id = id }
  func expire() {}
}

/// An auction's lot.
struct Lot: Identifiable, Sendable {
  var id: Int
}

/// A sale, opening at a date.
struct Sale: Sendable {
  var startsAt: Date
}

/// A server's response, with its date.
struct ServerResponse: Sendable {
  var serverDate: Date
}

/// The app's state that countdowns write to.
@MainActor final class OrderStore {
  var remaining: [Order.ID: Int] = [:]
  var isSaleOpen = false
  func markEnded(_ id: Order.ID, at date: Date) {}
  func ring(_ id: Order.ID) {}
}

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  /// A Live Activity's attributes for an auction: its end, and its pause time while frozen.
  @available(iOS 16.1, *)
  struct AuctionAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
      var ends: ClosedRange<Date>
      var pausedAt: Date?
    }
  }
#endif

// Apple's Foundation has it; swift-corelibs-foundation, which has FoundationEssentials as a module
// of its own (Linux, and the stub SDKs of .ci/check-platforms), does not.
#if canImport(FoundationEssentials)
  extension URL {
    static var applicationSupportDirectory: URL { unavailable() }
  }
#endif

/// Any `Clock<Duration>`: a test's clock of its own.
struct TestClock: Clock {
  init() {}
  var now: ContinuousClock.Instant { ContinuousClock.now }
  var minimumResolution: Duration { .zero }
  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
  }
}

// MARK: - The values the doc comments' samples name

// A manager, and an engine with its queues and keys.
@MainActor var manager: CountdownManager { unavailable() }
@MainActor var quizClock: CountdownManager { unavailable() }
var engine: CountdownEngine { unavailable() }
var queue: DispatchQueue { unavailable() }
var sessionQueue: DispatchQueue { unavailable() }
var session: Session { unavailable() }
var token: Session { unavailable() }
var auction: Session { unavailable() }
var delivery: Session { unavailable() }

// What a view controller has at hand.
@MainActor var cell: SaleCell { unavailable() }
@MainActor var orderCell: OrderCell { unavailable() }
@MainActor var button: ResendButton { unavailable() }
@MainActor var banner: Banner { unavailable() }
@MainActor var callView: CallView { unavailable() }
@MainActor var label: UILabel { unavailable() }
@MainActor var exam: Exam { unavailable() }
@MainActor var document: Document { unavailable() }
@MainActor var store: OrderStore { unavailable() }
@MainActor var orders: OrderStore { unavailable() }
@MainActor func showBanner() {}
var item: SaleItem { unavailable() }
var order: Order { unavailable() }
var call: Call { unavailable() }
var lot: Lot { unavailable() }
var sale: Sale { unavailable() }
var response: ServerResponse { unavailable() }
var data: Data { unavailable() }
var ordersURL: URL { unavailable() }
@MainActor var durations: [String: Int] = [:]
@MainActor var overrun: [String: Bool] = [:]

// Observable countdowns and lists, and what they read.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var countdown: ObservableCountdown { unavailable() }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var talk: ObservableCountdown { unavailable() }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var quiz: ObservableCountdown { unavailable() }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var resend: ObservableCountdown { unavailable() }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var deliveries: ObservableCountdownList<Order.ID> { unavailable() }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var auctions: ObservableCountdownList<Lot.ID> { unavailable() }
var remaining: RemainingTime { unavailable() }
var snapshot: CountdownSnapshot<Order.ID> { unavailable() }
var window: CountdownPhaseWindow { unavailable() }
#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  @available(iOS 16.1, *)
  var activity: Activity<AuctionAttributes> { unavailable() }
#endif

// The system's alerts.
var alerts: CountdownNotifications<String> { unavailable() }
/// The system's alarms.
var alarms: CountdownAlarms<String> { unavailable() }

/// The app's settings, which the alarms' `isFollowed` reads.
final class AlarmSettings: Sendable {
  /// Turns the alarm of `id` off.
  func mute(_ id: String) {}
}
var settings: AlarmSettings { unavailable() }

#if canImport(UserNotifications)
  /// A notification's title, body and sound.
  var content: UNMutableNotificationContent { unavailable() }
#endif

#if !canImport(UserNotifications)
  /// CountdownAlerts' `UserNotificationCenter` as an app on an Apple platform has it: where
  /// UserNotifications is missing, the package leaves the real one out.
  struct UserNotificationCenter: CountdownAlertCenter {
    func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {}
    func removePendingRequests(withIdentifiers identifiers: [String]) {}
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}
    func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {}
    func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {}
  }
#endif

#if canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst)
  /// A Live Activity's attributes for a timer: the countdown it stands for.
  @available(iOS 16.1, *)
  struct TimerAttributes: ActivityAttributes, Sendable {
    struct ContentState: Codable, Hashable, Sendable {
      var range: ClosedRange<Date>
      var pausedAt: Date?
    }
    var countdownID: String
  }
#endif

#if canImport(AlarmKit) && !targetEnvironment(macCatalyst)
  import AlarmKit

  @available(iOS 26.0, *)
  struct TimerMetadata: AlarmMetadata {}
  /// What the app's alarm for a countdown shows: its `AlarmAttributes` (title, buttons, tint).
  @available(iOS 26.0, *)
  @Sendable func timerAlarm(_ countdownID: String) -> AlarmAttributes<TimerMetadata> { unavailable() }
#endif

// MARK: - The values the countdowns in phases' samples name
@MainActor var pomodoro: CountdownPlan { unavailable() }
@MainActor var update: CountdownPhaseUpdate { unavailable() }
@MainActor func chime(for phase: CountdownPhase) {}
@MainActor func announce(_ text: String) {}
@MainActor func show(_ phaseName: String, _ remaining: Int) {}
@MainActor func showDone() {}
/// A view that shows a countdown in phases.
@MainActor final class PhaseTimerView {
  let phaseLabel = UILabel()
  let timeLabel = UILabel()
  let nextLabel = UILabel()
}
@MainActor var timerView: PhaseTimerView { unavailable() }
@MainActor var tabata: CountdownPlan { unavailable() }
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor var workout: ObservablePhaseCountdown { unavailable() }

// MARK: - CountdownPush

/// A timer's Live Activity content state, as the app declares it.
struct TimerActivityState: Codable, Hashable {
  var endsAt: Date
  var isPaused: Bool
}

/// A Live Activity's push token, as the app sent it to the server.
var pushToken: String { unavailable() }
/// A timer's end.
var end: Date { unavailable() }
/// A request built for a Live Activity.
var push: LiveActivityPush { unavailable() }
/// An error a request threw.
var error: LiveActivityPushError { unavailable() }
/// Whether an update needs the person's attention now.
var needsAttention: Bool { unavailable() }
/// Whether the server sends for a development build.
var isDebugBuild: Bool { unavailable() }
