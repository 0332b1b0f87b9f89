import Dispatch

/// A dense-array design with one timer: H naive (``DenseArrayTimer``, the code most people
/// write) or H tuned (``DenseArrayTunedTimer``, the same design at its floor), each holding its
/// receivers by key alone or weakly too (H+W, ``DenseArrayWeakTunedTimer``), or calling its
/// handlers outside its lock (H+W+O, ``DenseArrayOutsideLockTimer``). ``DenseArrayRun`` and
/// ``DenseArrayContender`` drive any.
protocol DenseArrayDesign: AnyObject, Sendable {
  init()
  /// Adds `receiver`'s countdown, or replaces the one it has.
  func register(_ receiver: AnyObject, value: Int, handler: @escaping (Int) -> Void)
  func cancel(_ receiver: AnyObject)
  func removeAll()
  /// One tick: every value down by one, every handler called.
  func tick()
  /// Starts ticking every `nanoseconds` on `queue`.
  func start(every nanoseconds: Int64, on queue: DispatchQueue)
  func stop()
}

extension DenseArrayDesign {
  /// A repeating timer, started, that calls ``tick()`` on `queue` every `nanoseconds` from one
  /// interval on: each design's `start` keeps it, holding the design unowned.
  func startedTickTimer(every nanoseconds: Int64, on queue: DispatchQueue) -> any DispatchSourceTimer {
    let source = DispatchSource.makeTimerSource(queue: queue)
    let interval = DispatchTimeInterval.nanoseconds(Int(nanoseconds))
    source.setEventHandler { [unowned self] in tick() }
    source.schedule(deadline: .now() + interval, repeating: interval)
    source.activate()
    return source
  }
}
