// swift-tools-version: 6.0

import PackageDescription

let package = Package(
  name: "CountdownKit",
  // The read-aloud phrase ships in many languages (Sources/CountdownKit/Resources/*.lproj).
  defaultLocalization: "en",
  platforms: [.macOS(.v13), .iOS(.v16), .macCatalyst(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "CountdownCore", targets: ["CountdownCore"]),
    .library(name: "CountdownKit", targets: ["CountdownKit"]),
    // The system's alerts kept in step with id countdowns: a product of its own, so that an app
    // that wants none of it links nothing of UserNotifications.
    .library(name: "CountdownAlerts", targets: ["CountdownAlerts"]),
    // Stand-ins of the system's centers with their documented semantics, for the app's tests (as
    // swift-nio ships NIOEmbedded): a product of its own, so that an app links none of it.
    .library(name: "CountdownAlertsTesting", targets: ["CountdownAlertsTesting"]),
    // The bytes of an APNs request that updates or ends a Live Activity, for the app's server (which
    // signs and sends it): a product of its own, depending on nothing of the package.
    .library(name: "CountdownPush", targets: ["CountdownPush"]),
    .executable(name: "CountdownDemo", targets: ["CountdownDemo"]),
  ],
  targets: [
    .target(name: "CountdownCore"),
    // The privacy manifest goes into the app with the code: App Store Connect reads it for every
    // required-reason API the package calls (`.ci/check-privacy` keeps the two in step). Resources/
    // holds the read-aloud phrase's localizations.
    .target(
      name: "CountdownKit", dependencies: ["CountdownCore"],
      resources: [.copy("PrivacyInfo.xcprivacy"), .process("Resources")]),
    // Built on the Kit's public and package API, and the engine's lock and clock; the Kit and the
    // engine import no system alert framework.
    .target(name: "CountdownAlerts", dependencies: ["CountdownCore", "CountdownKit"]),
    .target(name: "CountdownAlertsTesting", dependencies: ["CountdownAlerts", "CountdownCore", "CountdownKit"]),
    // Foundation only: a server links it without the engine, the Kit or any system framework.
    .target(name: "CountdownPush"),
    // Process CPU and memory readings for the demo's and the benchmarks' reports: no product, so
    // nothing an app links carries it.
    .target(name: "CountdownProcessUsage"),
    .executableTarget(name: "CountdownDemo", dependencies: ["CountdownKit", "CountdownProcessUsage"]),
    // What both test targets share: factories, watches and assertions. No product, so nothing an
    // app links carries it.
    .target(
      name: "CountdownTestSupport", dependencies: ["CountdownKit", "CountdownCore"], path: "Tests/CountdownTestSupport"),
    .testTarget(name: "CountdownCoreTests", dependencies: ["CountdownCore", "CountdownTestSupport"]),
    .testTarget(
      name: "CountdownKitTests",
      dependencies: ["CountdownKit", "CountdownAlerts", "CountdownAlertsTesting", "CountdownTestSupport"]),
    .testTarget(
      name: "CountdownAlertsTests",
      dependencies: ["CountdownAlerts", "CountdownAlertsTesting", "CountdownKit", "CountdownTestSupport"]),
    .testTarget(name: "CountdownPushTests", dependencies: ["CountdownPush"]),
    // The doc comments' samples, compiled as the tests are, and the check that every sample of the
    // README, the catalogs and the doc comments has its copy in a test file.
    .testTarget(
      name: "CountdownDocSamples",
      dependencies: ["CountdownAlerts", "CountdownAlertsTesting", "CountdownKit", "CountdownCore", "CountdownPush"]),
    .testTarget(
      name: "CountdownBenchmarks",
      dependencies: [
        "CountdownKit", "CountdownAlerts", "CountdownAlertsTesting", "CountdownProcessUsage", "CountdownTestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// `COUNTDOWN_TEST_TARGETS=CountdownBenchmarks` keeps only the test targets it names (a comma-
// separated list): `.ci/run`'s release benchmark smoke builds the benchmarks alone, as compiling
// the other test targets with optimization took most of that step's time, and each sanitizer
// builds only the tests it runs.
if let kept = Context.environment["COUNTDOWN_TEST_TARGETS"]?.split(separator: ",").map(String.init) {
  package.targets.removeAll { $0.type == .test && !kept.contains($0.name) }
}

// The receiver table and the engine can check their rules after every change, an O(n) walk each
// (sampled in large tables, so that tests stay linear: `checkInvariantsIfEnabled()`,
// `checkRulesIfEnabled()`). It is opt-in, as swift-collections' COLLECTIONS_INTERNAL_CHECKS is,
// so that an app's debug build never
// pays for it: `COUNTDOWN_INTERNAL_CHECKS=1 swift test` turns it on (`.ci/run` does).
let internalChecks: [SwiftSetting] =
  ["1", "true", "yes"].contains(Context.environment["COUNTDOWN_INTERNAL_CHECKS"] ?? "")
  ? [.define("COUNTDOWN_CHECK_INVARIANTS")] : []

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ] + internalChecks
}
