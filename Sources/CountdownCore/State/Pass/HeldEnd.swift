/// A final 0 a pass of several chunks prepared and holds back, to deliver once every other callback
/// of the pass is prepared, with the others it held, in deadline order (rule 14): the order it takes
/// its place in, and its callback. The callback's handler stays valid until the pass ends, as any
/// prepared callback's does (rule 6); whether its registration is still there is checked again as
/// it is put in a chunk.
struct HeldEnd {
  let order: EngineState.EndOrder
  let callback: PreparedCallback
  /// A walk's end is its plan's end, told by a call: kept here, as the chunk's calls it was
  /// prepared among are let go once that chunk is called.
  let segmentCall: SegmentCall?
}
