// A way into a delivery chunk for tests (its bounds check): the chunk and what it holds are
// internal to a delivery pass.
extension CountdownEngine {
  /// Fills a chunk with `count` deliveries of the values 0, 1, 2… and reads the one at `position`.
  package static func deliveryChunkValue(holding count: Int, at position: Int) -> Int {
    let slots = RegistrationSlots()
    // Any object will do as the receiver: the chunk never reads it.
    let slot = slots.allocate(receiver: slots)
    defer { slots.free(slot) }
    let handler = NodeHandler { _, _ in }
    var chunk = DeliveryChunk(capacity: max(count, 1))
    // Its words only: `handler` outlives the chunk, which never calls it.
    let unowned = withUnsafePointer(to: handler) { UnownedHandler($0) }
    defer { withExtendedLifetime(handler) {} }
    for value in 0..<count {
      chunk.append(PreparedDelivery(slot: slot, handler: unowned, value: value, ends: false, milestone: false))
    }
    return chunk[position].value
  }
}

extension CountdownEngine {
  /// The bytes a prepared callback takes in a chunk: for the layout test.
  package static var preparedDeliveryStride: Int { MemoryLayout<PreparedDelivery>.stride }
}
