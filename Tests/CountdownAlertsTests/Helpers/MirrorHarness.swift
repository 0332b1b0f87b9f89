import CountdownAlerts
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app with one mirror (``AppHarness`` and the mirror's follower on its fake
/// center), as the one property test of every mirror drives it (``MirrorPropertyTests``): the
/// steps it may take and how often, what the mirror's own steps do (what the person does to an
/// alarm, the app's starting an activity), and what differs from the mirror's model after a step.
/// ``NotificationsHarness``, ``AlarmsHarness``, ``LiveActivitiesHarness`` and ``WidgetsHarness``
/// conform.
@MainActor
protocol MirrorHarness: AppHarness {
  /// The ids the steps change.
  static var ids: [String] { get }
  /// Which step a roll of `0..<100` takes: the first whose bound is above the roll; a roll past
  /// the last bound lets time pass.
  static var steps: [(below: Int, step: MirrorStep)] { get }
  /// A first process, its own random parts (a budget, milestones) drawn from `random`.
  static func make(using random: inout SplitMix64) throws -> Self
  /// The app is killed and launched again (its random parts from `random`).
  ///
  /// - Returns: What it did, for a failing run's log.
  func relaunch(using random: inout SplitMix64) throws -> String
  /// The mirror's own step `number` on `id` (``MirrorStep/mirror(_:)``).
  ///
  /// - Returns: What it did, and what it broke of a promise, if anything.
  func mirrorStep(_ number: Int, of id: String) throws -> (action: String, broken: String?)
  /// What differs between the system's center and the mirror's model now, or `nil`.
  func mismatch() -> String?
  /// Fails if, over the whole run, a call touched what is not the mirror's, or anything failed;
  /// `context` (the seed) follows the message.
  func assertFinally(_ context: String)
}

/// One step of ``MirrorPropertyTests``.
enum MirrorStep {
  /// A change of a countdown's.
  case change(ManagerChanges.Change)
  /// The manager calibrated against a server's clock.
  case calibrate
  /// The person sets the device's clock.
  case clockJump
  /// The app is killed and launched again.
  case relaunch
  /// The mirror's own step of this number (``MirrorHarness/mirrorStep(_:of:)``).
  case mirror(Int)
}

extension MirrorHarness {
  /// The mirror's own steps: none.
  func mirrorStep(_ number: Int, of id: String) throws -> (action: String, broken: String?) {
    preconditionFailure("no step \(number) of its own")
  }
}
