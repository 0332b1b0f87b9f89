import Foundation

/// Foundation's `NSLock` with a scoped `withLock` that works the same on every platform.
final class HarnessLock: Sendable {
  private let lock = NSLock()

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
