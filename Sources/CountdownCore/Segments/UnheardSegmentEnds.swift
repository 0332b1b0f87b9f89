/// The ends a walk passed that no call has told yet (``SegmentWalk/hasUnheardEnds``), kept out of the
/// walk's own fields: a walk has them only between a call withdrawn, a silent walk's end or an
/// operation's catch-up and the next call, so the walk holds one optional reference where the
/// ends would take 56 bytes in every walk.
final class UnheardSegmentEnds: Sendable {
  let ends: PassedSegmentEnds

  init(_ ends: PassedSegmentEnds) {
    self.ends = ends
  }
}
