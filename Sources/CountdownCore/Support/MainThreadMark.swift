import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Answers "does the calling code run the main queue's work?", the one question behind every
/// first value delivered inside a call for an engine that delivers on the main queue
/// (``CountdownEngine/isOnDeliveryQueue``): yes on the process's main thread, and elsewhere only
/// inside a block of the main queue (or of a queue that targets it).
///
/// - On the main thread, the main queue's work runs there and nowhere else, and none of it runs
///   while a call there runs: so the main thread counts as the main queue even inside another
///   queue's `sync` made from it (where asking the queue would name that other queue), as it does
///   for the main actor and for `dispatchPrecondition(condition: .onQueue(.main))`.
/// - After `dispatchMain()`, the main thread is gone and the main queue's blocks run on the pool's
///   threads, one at a time: only a block of the main queue, asked of the queue itself, counts. A
///   pool thread that ran one runs other queues' blocks afterwards, so nothing about the thread is
///   remembered there.
///
/// Which thread is the main thread is learned once per thread and kept in a thread-local slot, so
/// that on the main thread the answer is one thread-local read, as a registration there needs.
/// Asking the queue (`DispatchQueue.getSpecific(key:)`) walks the current queue's hierarchy and
/// unboxes a generic value: about 190 instructions.
package enum MainThreadMark {
  /// Set on the main queue only: a queue whose own specific value for it is `true` is the main
  /// queue, or targets it (the main queue's Swift wrappers differ object by object on some
  /// platforms; the queue under them is one).
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// The thread-local slot holding what the calling thread is: ``mainThread``, ``otherThread``,
  /// or nothing before it was asked; created once per process.
  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    let error = pthread_key_create(&key, nil)
    precondition(error == 0, "pthread_key_create failed: \(error)")
    return key
  }()

  /// The slot's values, as the bits of a pointer: any two but 0, which is nothing.
  private static let mainThread: UInt = 1
  private static let otherThread: UInt = 2

  /// Whether `queue` is the main queue.
  static func isMainQueue(_ queue: DispatchQueue) -> Bool {
    queue.getSpecific(key: mainQueueKey) == true
  }

  /// Whether the calling code runs the main queue's work: on the main thread, or in a block of the
  /// main queue (see the type's overview).
  @inline(__always)
  package static var runsMainQueueWork: Bool {
    isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true
  }

  /// Whether the calling thread is the process's main thread: one thread-local read, once the
  /// thread has been asked (Foundation's `Thread.isMainThread` makes two system calls on Linux).
  @inline(__always)
  package static var isMainThread: Bool {
    let mark = UInt(bitPattern: pthread_getspecific(threadKey))
    if mark == mainThread { return true }
    if mark == otherThread { return false }
    return markCurrentThread()
  }

  /// Learns whether the calling thread is the main thread, and keeps it in the thread's slot.
  private static func markCurrentThread() -> Bool {
    let isMain = currentThreadIsTheMainThread()
    _ = pthread_setspecific(threadKey, UnsafeRawPointer(bitPattern: isMain ? mainThread : otherThread))
    return isMain
  }

  /// Asks the system whether the calling thread is the process's main thread.
  private static func currentThreadIsTheMainThread() -> Bool {
    #if canImport(Darwin)
      return pthread_main_np() != 0
    #elseif os(Linux) || os(Android)
      // The main thread's id is the process's: `gettid()` is not imported into Swift, and
      // `syscall` is variadic, so the kernel's name of the calling thread is read instead,
      // "<process>/task/<thread>".
      var buffer = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
      guard count > 0 else { return false }
      let parts = buffer[..<count].split(separator: CChar(UInt8(ascii: "/")))
      return parts.count == 3 && parts[0] == parts[2]
    #else
      // No way to tell: no thread counts as the main thread, and only a block of the main queue,
      // asked of the queue, is its work.
      return false
    #endif
  }
}
