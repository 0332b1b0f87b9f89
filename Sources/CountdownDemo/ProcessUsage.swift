import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What this process has used so far: CPU time and resident memory.
struct ProcessUsage {
  /// User + system CPU time, in nanoseconds.
  var cpuNanoseconds: Int64
  /// Resident memory now (Linux) or at its peak (elsewhere), in bytes.
  var residentBytes: Int64

  static func now() -> ProcessUsage {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let cpu =
      (Int64(usage.ru_utime.tv_sec) + Int64(usage.ru_stime.tv_sec)) * 1_000_000_000
      + (Int64(usage.ru_utime.tv_usec) + Int64(usage.ru_stime.tv_usec)) * 1_000
    return ProcessUsage(cpuNanoseconds: cpu, residentBytes: residentBytes(peak: usage))
  }

  private static func residentBytes(peak usage: rusage) -> Int64 {
    #if os(Linux)
      // /proc/self/statm: total and resident size, in pages.
      if let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
        let fields = text.split(separator: " ")
        if fields.count > 1, let pages = Int64(fields[1]) {
          return pages * Int64(sysconf(Int32(_SC_PAGESIZE)))
        }
      }
      return Int64(usage.ru_maxrss) * 1024
    #else
      return Int64(usage.ru_maxrss)  // bytes on Apple platforms
    #endif
  }
}
