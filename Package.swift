// swift-tools-version: 6.0

import PackageDescription

let package = Package(
  name: "CountdownKit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "CountdownCore", targets: ["CountdownCore"]),
    .library(name: "CountdownKit", targets: ["CountdownKit"]),
    .executable(name: "CountdownDemo", targets: ["CountdownDemo"]),
  ],
  targets: [
    .target(name: "CountdownCore"),
    .target(name: "CountdownKit", dependencies: ["CountdownCore"]),
    .executableTarget(name: "CountdownDemo", dependencies: ["CountdownKit"]),
    .testTarget(name: "CountdownCoreTests", dependencies: ["CountdownCore"]),
    .testTarget(name: "CountdownKitTests", dependencies: ["CountdownKit"]),
    .testTarget(name: "CountdownBenchmarks", dependencies: ["CountdownKit"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    // The receiver table checks its links and counts after every mutation in debug builds
    // (and so in `swift test`); release builds and benchmarks skip the O(n) check.
    .define("COUNTDOWN_CHECK_INVARIANTS", .when(configuration: .debug)),
  ]
}
