import CountdownCore

/// A fixed, seeded permutation of `0..<n`: cancels run in an order unrelated to registration (as
/// cells scroll away or orders complete), the same in every run and for every alternative.
enum ShuffledOrder {
  static func make(_ n: Int) -> [Int] {
    var generator = SplitMix64(seed: 0x5EED_0000 &+ UInt64(n))
    return Array(0..<n).shuffled(using: &generator)
  }
}
