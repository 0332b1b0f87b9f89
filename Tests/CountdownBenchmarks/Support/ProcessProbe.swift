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
