/// A small seeded random generator (SplitMix64): the same seed gives the same sequence on every
/// platform, so a jittered test run can be replayed.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly random whole number in `0...bound` (0 when `bound` is 0 or less).
  package mutating func upTo(_ bound: Int64) -> Int64 {
    bound <= 0 ? 0 : Int64.random(in: 0...bound, using: &self)
  }
}
