// What the documentation's samples take as given, for .ci/check-samples: the app's types (a sale
// cell, an order, a resend button, ...) and the values a doc comment's sample names without
// declaring them (`manager`, `cell`, `store`, ...). Every sample module imports this module, and
// through it CountdownKit, Foundation, Dispatch, XCTest and the stand-ins of the Apple frameworks
// (UIKit and SwiftUI from .ci/platform-stubs, ActivityKit, WidgetKit and UserNotifications from
// .ci/samples/stand-ins). A declaration of a sample's own module hides one of the same name here
// (the README declares its own `SaleCell`).
//
// Nothing here runs: the values are never read, only type-checked. A sample that needs a name
// not declared here fails with "cannot find 'name' in scope" at its line: declare it here, with
// the type the sample's text implies.
@_exported import ActivityKit
@_exported import CountdownAlerts
@_exported import CountdownKit
@_exported import Dispatch
@_exported import Foundation
@_exported import SwiftUI
@_exported import UIKit
@_exported import UserNotifications
@_exported import WidgetKit
@_exported import XCTest

private func unavailable<Value>() -> Value { fatalError("the samples are compiled, not run") }

// MARK: - The app's types

/// A flash sale's item.
public struct SaleItem: Sendable {
  public var endsAt: Date
  public var saleEnd: Date
}

/// A sale's table view cell.
@MainActor open class SaleCell: UITableViewCell {
  public let timeLabel = UILabel()
}

/// An order's table view cell, with its estimated arrival.
@MainActor open class OrderCell: UITableViewCell {
  public let etaLabel = UILabel()
}

/// An order, delivered by a deadline.
public struct Order: Identifiable, Sendable {
  public var id: String
  public var deliveryDeadline: Date
  public var deliveryWindow: Duration
}

/// A button showing how long until a code can be sent again.
@MainActor public final class ResendButton {
  public var title = ""
  public init() {}
}

/// A quiz question on screen.
@MainActor public final class QuizQuestion {
  public var secondsLeft = 0
  public init() {}
}

/// An exam, told when a milestone is reached.
@MainActor public final class Exam {
  public func reached(_ secondsLeft: Int) {}
}

/// A banner that hides itself.
@MainActor public final class Banner {
  public var isHidden = false
}

/// A call's screen, showing how long the call has lasted.
@MainActor public final class CallView {
  public let durationLabel = UILabel()
}

/// A phone call.
public struct Call: Sendable {
  public var id: String
}

/// A document saved automatically.
@MainActor public final class Document {
  public func save() {}
}

/// A server session: an engine key that expires.
public final class Session: Sendable {
  public let id: String
  public init(id: String) { self.id = id }
  public func expire() {}
}

/// An auction's lot.
public struct Lot: Identifiable, Sendable {
  public var id: Int
}

/// A sale, opening at a date.
public struct Sale: Sendable {
  public var startsAt: Date
}

/// A server's response, with its date.
public struct ServerResponse: Sendable {
  public var serverDate: Date
}

/// The app's state that countdowns write to.
@MainActor public final class OrderStore {
  public var remaining: [Order.ID: Int] = [:]
  public var isSaleOpen = false
  public func markEnded(_ id: Order.ID, at date: Date) {}
}

/// A Live Activity's attributes for an auction: its end, and its pause time while frozen.
public struct AuctionAttributes: ActivityAttributes {
  public struct ContentState: Codable, Hashable, Sendable {
    public var ends: ClosedRange<Date>
    public var pausedAt: Date?
    public init(ends: ClosedRange<Date>, pausedAt: Date?) {
      self.ends = ends
      self.pausedAt = pausedAt
    }
  }
}

#if !canImport(Darwin)
  /// Foundation's directory URLs of Apple platforms (macOS 13, iOS 16), which Linux's lacks.
  extension URL {
    public static var applicationSupportDirectory: URL { unavailable() }
  }
#endif

/// Any `Clock<Duration>`: a test's clock of its own.
public struct TestClock: Clock {
  public init() {}
  public var now: ContinuousClock.Instant { ContinuousClock.now }
  public var minimumResolution: Duration { .zero }
  public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    try await ContinuousClock().sleep(until: deadline, tolerance: tolerance)
  }
}

// MARK: - The values the doc comments' samples name

// A manager, and an engine with its queues and keys.
@MainActor public var manager: CountdownManager { unavailable() }
@MainActor public var quizClock: CountdownManager { unavailable() }
public var engine: CountdownEngine { unavailable() }
public var queue: DispatchQueue { unavailable() }
public var sessionQueue: DispatchQueue { unavailable() }
public var session: Session { unavailable() }
public var token: Session { unavailable() }
public var auction: Session { unavailable() }
public var delivery: Session { unavailable() }

// What a view controller has at hand.
@MainActor public var cell: SaleCell { unavailable() }
@MainActor public var orderCell: OrderCell { unavailable() }
@MainActor public var button: ResendButton { unavailable() }
@MainActor public var banner: Banner { unavailable() }
@MainActor public var callView: CallView { unavailable() }
@MainActor public var label: UILabel { unavailable() }
@MainActor public var exam: Exam { unavailable() }
@MainActor public var document: Document { unavailable() }
@MainActor public var store: OrderStore { unavailable() }
@MainActor public var orders: OrderStore { unavailable() }
@MainActor public func showBanner() {}
public var item: SaleItem { unavailable() }
public var order: Order { unavailable() }
public var call: Call { unavailable() }
public var lot: Lot { unavailable() }
public var sale: Sale { unavailable() }
public var response: ServerResponse { unavailable() }
public var data: Data { unavailable() }
public var ordersURL: URL { unavailable() }
@MainActor public var durations: [String: Int] = [:]
@MainActor public var overrun: [String: Bool] = [:]

// Observable countdowns and lists, and what they read.
@MainActor public var countdown: ObservableCountdown { unavailable() }
@MainActor public var talk: ObservableCountdown { unavailable() }
@MainActor public var quiz: ObservableCountdown { unavailable() }
@MainActor public var resend: ObservableCountdown { unavailable() }
@MainActor public var deliveries: ObservableCountdownList<Order.ID> { unavailable() }
@MainActor public var auctions: ObservableCountdownList<Lot.ID> { unavailable() }
public var remaining: RemainingTime { unavailable() }
public var snapshot: CountdownSnapshot<Order.ID> { unavailable() }
public var activity: Activity<AuctionAttributes> { unavailable() }

// The system's alerts.
/// CountdownAlerts' `UserNotificationCenter` as an app on an Apple platform has it: CountdownAlerts
/// is built here on Linux, where UserNotifications does not exist and the real one is left out.
public struct UserNotificationCenter: CountdownAlertCenter {
  public init() {}
  public func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {}
  public func removePendingRequests(withIdentifiers identifiers: [String]) {}
  public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}
  public func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {}
  public func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {}
}
public var alerts: CountdownAlerts<String> { unavailable() }

/// CountdownAlerts' `AlarmKitCenter` as an app on iOS 26 has it (AlarmKit does not exist here),
/// with AlarmKit's `AlarmAttributes` reduced to a name.
public struct AlarmKitCenter<Metadata>: CountdownAlarmCenter {
  public init(attributes: @escaping @Sendable (_ countdownID: String) -> AlarmAttributes<Metadata>) {}
  public func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {}
  public func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {}
  public func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {}
  public func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {}
  public func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {}
  public func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void)
    -> CountdownAlarmObservation
  { CountdownAlarmObservation {} }
}
public struct AlarmAttributes<Metadata>: Sendable {}
public struct TimerMetadata: Hashable, Sendable {}
/// What the app's alarm for a countdown shows: its `AlarmAttributes` (title, buttons, tint).
public func timerAlarm(_ countdownID: String) -> AlarmAttributes<TimerMetadata> { unavailable() }

/// CountdownAlerts' `LiveActivityCenter` as an app with ActivityKit has it.
public struct LiveActivityCenter<Attributes: ActivityAttributes>: CountdownActivityCenter
where Attributes.ContentState: Sendable {
  public init(countdownID: @escaping @Sendable (Attributes) -> String) {}
  public func update(countdownID: String, state: Attributes.ContentState, staleDate: Date?) {}
  public func end(
    countdownID: String, state: Attributes.ContentState?, staleDate: Date?, dismissal: CountdownActivityDismissal
  ) {}
  public func end(activityID: String, dismissal: CountdownActivityDismissal) {}
  public func activities(_ completion: @escaping @Sendable ([CountdownActivitySnapshot]) -> Void) {}
}
/// A Live Activity's attributes for a timer: the countdown it stands for.
public struct TimerAttributes: ActivityAttributes, Sendable {
  public struct ContentState: Codable, Hashable, Sendable {
    public var range: ClosedRange<Date>
    public var pausedAt: Date?
    public init(range: ClosedRange<Date>, pausedAt: Date?) {
      self.range = range
      self.pausedAt = pausedAt
    }
  }
  public var countdownID: String
  public init(countdownID: String) { self.countdownID = countdownID }
}
