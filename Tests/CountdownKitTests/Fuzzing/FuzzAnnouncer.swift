import CountdownKit

/// Takes what a read-aloud would say, and keeps only how many times it spoke.
@MainActor
final class FuzzAnnouncer: CountdownAnnouncer {
  private(set) var count = 0
  func announce(_ text: String) { count += 1 }
}
