import CountdownCore
import Dispatch

/// Whether the calling code runs the main queue's work, by the engine's rule (`MainThreadMark`):
/// on the main thread (inside another queue's `sync` made there too), or in a block of the main
/// queue (after `dispatchMain()`, on a pool thread), never on another thread. Where it does, the
/// Kit does on the main actor at once what it would otherwise hand to the main queue's next turn
/// (a suspension's refresh of the models, a list's save, a read-aloud's mark): asking the thread
/// alone (`Thread.isMainThread`) answers no in a block of the main queue after `dispatchMain()`,
/// where the main actor runs all the same.
///
/// The engine's own answer (`MainThreadMark.runsMainQueueWork`) is internal to it, so this asks
/// the same two questions: the thread, of the engine's thread-local mark (one read on the main
/// thread, as the engine's registrations there make it), then the queue.
enum MainQueueWork {
  /// Set on the main queue only: a queue whose specific value for it is `true` is the main queue,
  /// or targets it.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the calling code runs the main queue's work (see the type's overview).
  static var runsHere: Bool {
    MainThreadMark.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }
}
