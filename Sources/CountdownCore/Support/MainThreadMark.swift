import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Marks the main thread, once a call there has learned from the main queue that it runs its work,
/// so that an engine delivering on the main queue knows a later call there runs on its delivery
/// queue from one thread-local read, instead of asking the queue.
///
/// Asking the queue (`DispatchQueue.getSpecific(key:)`) walks the current queue's hierarchy and
/// unboxes a generic value: about 190 instructions where it answers yes, at every registration.
/// The main queue's work runs on the main thread alone, and for the main queue the main thread
/// counts as its delivery queue (as ``CountdownEngine/register(_:_:whileSuspended:delivering:pastTheEnd:handler:)``
/// says), so a mark, once set, stays true of its thread.
enum MainThreadMark {
  /// Set on the main queue only: a queue whose own specific value for it is `true` is the main
  /// queue (the main queue's Swift wrappers differ object by object on some platforms; the queue
  /// under them is one).
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// The thread-local slot holding the mark; created once per process.
  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let error = pthread_key_create(&key, nil)
    precondition(error == 0, "pthread_key_create failed: \(error)")
    return key
  }()

  /// Whether `queue` is the main queue.
  static func isMainQueue(_ queue: DispatchQueue) -> Bool {
    queue.getSpecific(key: mainQueueKey) == true
  }

  /// Whether the calling thread is marked: the main thread, once ``markCurrentThread()`` ran there.
  @inline(__always)
  static var isCurrentThreadMarked: Bool {
    pthread_getspecific(threadKey) != nil
  }

  /// Marks the calling thread, which the caller knows runs the main queue's work.
  static func markCurrentThread() {
    // Any non-nil pointer is the mark.
    _ = pthread_setspecific(threadKey, UnsafeRawPointer(bitPattern: 1))
  }
}
