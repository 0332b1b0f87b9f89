import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Clocks, CPU time and resident memory of this process, read the cheapest way the platform offers.
enum ProcessProbe {
  /// Monotonic nanoseconds (CLOCK_MONOTONIC; a vDSO call on Linux, about 20 ns).
  @inline(__always)
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }

  /// User plus system CPU time of the whole process (every thread), from `getrusage(RUSAGE_SELF)`.
  static func cpuNanoseconds() -> Int64 {
    var usage = rusage()
    #if canImport(Glibc) || canImport(Musl)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    func nanoseconds(_ value: timeval) -> Int64 {
      Int64(value.tv_sec) * 1_000_000_000 + Int64(value.tv_usec) * 1_000
    }
    return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
  }

  /// VmRSS from /proc/self/status, in bytes; `nil` where there is no /proc (Apple platforms).
  ///
  /// Freed heap memory is handed back to the system first (glibc `malloc_trim`), so that memory
  /// freed by an earlier step and reused by the next one does not hide the next one's growth.
  static func residentBytes() -> Int? {
    trimHeap()
    return statusBytes("VmRSS:")
  }

  /// VmHWM from /proc/self/status, in bytes: the highest resident size since the process started
  /// or since ``resetPeakResident()`` (not trimmed: freed heap not yet handed back counts).
  static func peakResidentBytes() -> Int? {
    statusBytes("VmHWM:")
  }

  /// Resets VmHWM to the current VmRSS (Linux 4.0+, writing 5 to /proc/self/clear_refs); returns
  /// whether it could.
  static func resetPeakResident() -> Bool {
    guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs") else { return false }
    return (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
  }

  /// A "Name:   1234 kB" line of /proc/self/status, in bytes.
  private static func statusBytes(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      let digits = line.dropFirst(field.count).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }

  /// Calls glibc's `malloc_trim(0)` when it exists (the Glibc module does not export it).
  private static func trimHeap() {
    #if canImport(Glibc)
      typealias Trim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
    #endif
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
