// A way into a delivery chunk for tests (its bounds check): the chunk and what it holds are
// internal to a delivery pass.
extension CountdownEngine {
  /// Fills a chunk with `count` deliveries of the values 0, 1, 2… and reads the one at `position`.
  package static func deliveryChunkValue(holding count: Int, at position: Int) -> Int {
    let slots = RegistrationSlots()
    // Any object will do as the receiver: the chunk never reads it.
    let slot = slots.allocate(receiver: slots) { _, _ in }
    defer { _ = slots.free(slot) }
    var chunk = DeliveryChunk(capacity: max(count, 1))
    for value in 0..<count {
      chunk.append(PreparedDelivery(slot: slot, value: value, ends: false))
    }
    return chunk[position].value
  }
}
