import CountdownCore
public import Foundation

/// The phase ends older than those a handler is given one by one, after a long absence: how many,
/// and when the first and the last of them came.
///
/// ```swift
/// if let earlier = update.earlierPhaseEnds {
///   print("\(earlier.count) phases passed while away, since \(earlier.firstDate)")
/// }
/// ```
///
/// A countdown in phases reports the ends it passed in bounded work and memory: at most one
/// cycle's worth of them (the longest part of the plan: warm-up, a block's cycle or cool-down)
/// one by one in ``CountdownPhaseUpdate/phaseEnds``, and the ones before them in this summary. A
/// plan that runs forever, left a week, costs one call and a summary, not one per phase.
public struct CountdownPhaseEndSummary: Hashable, Sendable {
  /// The ordinals of the ends it stands for (``CountdownPhasePosition/ordinal``), oldest first.
  public let ordinals: Range<Int>
  /// When the first of them came, on the manager's wall clock.
  public let firstDate: Date
  /// When the last of them came, on the manager's wall clock.
  public let lastDate: Date
  /// How late the handler heard of the first of them: the longest lateness of all the ends.
  public let lateness: Duration

  /// How many ends it stands for.
  public var count: Int { ordinals.count }

  init(_ summary: PassedSegmentEnds.Summary, now: Int64, wallNow: Date) {
    ordinals = summary.ordinals
    firstDate = CountdownPhasePosition.date(of: summary.first, now: now, wallNow: wallNow)
    lastDate = CountdownPhasePosition.date(of: summary.last, now: now, wallNow: wallNow)
    lateness = .nanoseconds(max(0, now.subtractingSaturated(summary.first)))
  }
}
