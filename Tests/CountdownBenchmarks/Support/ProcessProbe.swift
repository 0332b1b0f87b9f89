#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The benchmarks' clock, read the cheapest way the platform offers. CPU time and resident memory
/// come from `ProcessUsage` (the CountdownProcessUsage target), which the demo reports with too.
enum ProcessProbe {
  /// Monotonic nanoseconds (CLOCK_MONOTONIC: on Linux a vDSO call, no system call).
  @inline(__always)
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }

  /// CPU time of the calling thread, in nanoseconds (CLOCK_THREAD_CPUTIME_ID: a system call, so
  /// only around whole loops). The loops without a timer run on the calling thread alone; on a
  /// shared machine their wall time also counts the time other processes held the core, which
  /// moved the same figure 2-4x between runs. Cache lines other processes evicted still count.
  static func threadCPU() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }

  /// Sleeps the calling thread until the monotonic clock reads `deadline`.
  static func sleep(until deadline: Int64) {
    while true {
      let left = deadline - now()
      guard left > 0 else { return }
      var request = timespec(tv_sec: Int(left / 1_000_000_000), tv_nsec: Int(left % 1_000_000_000))
      _ = nanosleep(&request, nil)
    }
  }

  /// The average cost of the pair of clock reads that brackets one timed operation.
  static func timingOverhead() -> Int64 {
    let rounds = 10_000
    var total: Int64 = 0
    for _ in 0..<rounds {
      let start = now()
      total &+= now() &- start
    }
    return total / Int64(rounds)
  }
}
