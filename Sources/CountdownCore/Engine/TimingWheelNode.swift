/// One entry of a ``TimingWheel``, in its pool: its deadline, what it names, and its links in the
/// list of the slot it waits in (or in the pool's free list). Links are pool positions, not
/// references, so the pool is one array the wheel's owner can copy and no entry is retained or
/// released on its own.
struct TimingWheelNode<Payload> {
  /// The deadline on the clock, exact: the slot it waits in is only its tick's.
  var deadline: Int64
  /// `nil` while the node is free.
  var payload: Payload?
  /// The next node in its slot's list, a list of held nodes or the free list; -1 for none.
  var next: Int32
  /// The previous node in its slot's list or a list of held nodes; -1 when it heads the list (or
  /// is free).
  var prev: Int32
  /// The slot it waits in, as `level * 64 + slot` (or a block's slot past the levels'), or left,
  /// while it is held
  /// (``TimingWheel/holdDue(through:)``); -1 while the node is free.
  var home: Int32
}
