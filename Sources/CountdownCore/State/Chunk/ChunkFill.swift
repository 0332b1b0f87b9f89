/// A chunk's room as ``DeliveryChunk/fill(_:)`` lends it: its memory, its capacity and its count,
/// held in a local for the loops that fill it.
struct ChunkFill {
  /// The chunk's elements, `capacity` of them.
  let buffer: UnsafeMutablePointer<PreparedCallback>
  let capacity: Int
  /// The elements written so far: positions from here on are free.
  var count: Int

  /// Writes `callback` at `count`, which must be below `capacity`, and moves `count` on.
  @inline(__always)
  mutating func append(_ callback: PreparedCallback) {
    buffer[count] = callback
    count += 1
  }
}
