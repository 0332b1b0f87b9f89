/// Which of ``ReceiverTable``'s buckets hold a list: one bit per bucket.
///
/// A registration looks its key up, then links its node at the head of the key's bucket. Where
/// the bucket is empty (most are, at the table's load of at most one node per bucket), the bit
/// says so and neither step reads the bucket's head: the link only writes it. At 10⁵ registrations
/// the heads take 512 KB, so a read of one waits for memory, while these bits take 16 KB.
struct OccupiedBuckets {
  private var words: ContiguousArray<UInt64>

  /// Every one of `bucketCount` buckets empty.
  init(bucketCount: Int) {
    words = ContiguousArray(repeating: 0, count: (bucketCount + 63) / 64)
  }

  @inline(__always)
  func contains(_ bucket: Int) -> Bool {
    words[bucket &>> 6] & (1 &<< UInt64(bucket & 63)) != 0
  }

  /// Marks `bucket` as holding a list, or as empty.
  @inline(__always)
  mutating func set(_ bucket: Int, occupied: Bool) {
    let bit: UInt64 = 1 &<< UInt64(bucket & 63)
    if occupied {
      words[bucket &>> 6] |= bit
    } else {
      words[bucket &>> 6] &= ~bit
    }
  }
}
