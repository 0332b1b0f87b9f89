/// A delivery pass begun under the lock, its first chunk prepared, for the caller to run. The
/// caller runs it in place (``CountdownEngine/runPass(_:_:context:reading:)``): a copy would retain
/// every array of its kind and progress, and leave those arrays shared, so that the first append
/// to one copies its buffer.
struct BegunPass {
  let kind: PassKind
  var progress: PassProgress
}
