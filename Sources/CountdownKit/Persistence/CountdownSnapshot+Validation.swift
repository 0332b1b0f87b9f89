import Foundation

extension CountdownSnapshot.Entry {
  /// Checks what can be checked of the entry at `index` without a manager: that it has exactly
  /// the fields its kind and state need, each a value some countdown can have.
  func validate(at index: Int) throws(CountdownSnapshotError) {
    // Count-ups have no end to deliver alone, and no length.
    guard kind == .countdown || (deliveries == .everyChange && length == nil) else { throw .unreadable }
    // Overtime: a countdown delivering every change, as the engine takes it.
    guard ending == .stops || (kind == .countdown && deliveries == .everyChange) else {
      throw .invalidEntry(index: index, reason: .invalidCombination)
    }
    if let milestones = deliveries.milestones, milestones.contains(where: { $0 < 0 }) {
      throw .invalidEntry(index: index, reason: .invalidMilestone)
    }
    if let length {
      guard length >= .zero else { throw .invalidEntry(index: index, reason: .negativeDuration) }
      guard (try? length.countdownNanoseconds()) != nil else { throw .invalidEntry(index: index, reason: .outOfRange) }
    }
    if countsByTime {
      guard date == nil, let time else { throw .unreadable }
      guard time >= .zero || ending == .countsOvertime else { throw .invalidEntry(index: index, reason: .negativeDuration) }
      guard (try? time.countdownNanoseconds()) != nil else { throw .invalidEntry(index: index, reason: .outOfRange) }
    } else {
      guard time == nil, let date else { throw .unreadable }
      guard date.timeIntervalSinceReferenceDate.isFinite else {
        throw .invalidEntry(index: index, reason: .nonFiniteValue)
      }
    }
  }
}
