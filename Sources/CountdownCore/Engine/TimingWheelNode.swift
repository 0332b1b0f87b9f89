/// One entry of a ``TimingWheel``, in its pool: its deadline, what it names, and its links in the
/// list of the slot it waits in (or in the pool's free list). Links are pool positions, not
/// references, so the pool is one array the wheel's owner can copy and no entry is retained or
/// released on its own.
struct TimingWheelNode<Payload> {
  /// The deadline on the clock, exact: the slot it waits in is only its tick's.
  var deadline: Int64
  /// `nil` while the node is free.
  var payload: Payload?
  /// The next node in its slot's list, the held list or the free list; -1 for none.
  var next: Int32
  /// The previous node in its slot's list or the held list; -1 when it heads the list (or is free).
  var prev: Int32
  /// The slot it waits in, as `level * 64 + slot`; ``free`` while the node is free, ``held`` while
  /// it is held (``TimingWheel/holdDue(through:)``).
  var home: Int32

  /// The ``home`` of a free node.
  static var free: Int32 { -1 }
  /// The ``home`` of a held node: in the wheel's held list, not in a slot.
  static var held: Int32 { -2 }
}
