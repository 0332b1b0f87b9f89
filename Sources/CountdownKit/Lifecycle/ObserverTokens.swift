import Foundation

/// The tokens `NotificationCenter.addObserver(forName:object:queue:using:)` returned.
struct ObserverTokens: @unchecked Sendable {
  // @unchecked Sendable: the tokens are opaque; nothing reads or changes them, they are only handed
  // back to `NotificationCenter.removeObserver(_:)`, which may be called from any thread. They are
  // kept in a `LockedState`, so they are taken out exactly once.
  var tokens: [any NSObjectProtocol]
}
