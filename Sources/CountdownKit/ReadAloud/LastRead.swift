/// What a ``CountdownReadAloud`` remembers of one countdown: the value read last, and the object
/// the countdown is registered under, held weakly so that an object later born at its address is
/// not taken for it.
struct LastRead {
  weak var subject: AnyObject?
  let value: Int
}
