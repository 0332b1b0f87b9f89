#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What this process has used so far: CPU time and resident memory.
///
/// For the reports of the demo and the benchmarks, which link this target; the libraries apps
/// link never read it, so it is a target of its own and no product. It reads `/proc` with plain
/// system calls, so it needs no Foundation.
package struct ProcessUsage: Sendable {
  /// User plus system CPU time of the whole process (every thread), in nanoseconds.
  package var cpuNanoseconds: Int64
  /// Resident memory now where the system says (Linux), else at its peak, in bytes.
  package var residentBytes: Int64

  /// Both figures, read now.
  package static func now() -> ProcessUsage {
    let usage = resourceUsage()
    return ProcessUsage(
      cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
      residentBytes: currentResidentBytes().map(Int64.init) ?? maximumResidentBytes(usage))
  }

  /// User plus system CPU time of the whole process (every thread), from `getrusage(RUSAGE_SELF)`.
  package static func cpuNanoseconds() -> Int64 {
    let usage = resourceUsage()
    return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
  }

  /// VmRSS from /proc/self/status, in bytes; `nil` where there is no /proc (Apple platforms).
  ///
  /// Freed heap memory is handed back to the system first (glibc `malloc_trim`), so that memory
  /// freed by an earlier step and reused by the next one does not hide the next one's growth.
  package static func currentResidentBytes() -> Int? {
    trimHeap()
    return statusBytes("VmRSS:")
  }

  /// VmHWM from /proc/self/status, in bytes: the highest resident size since the process started
  /// or since ``resetPeakResident()`` (not trimmed: freed heap not yet handed back counts).
  package static func peakResidentBytes() -> Int? {
    statusBytes("VmHWM:")
  }

  /// Resets VmHWM to the current VmRSS (Linux 4.0+, writing 5 to /proc/self/clear_refs); returns
  /// whether it could.
  package static func resetPeakResident() -> Bool {
    let file = open("/proc/self/clear_refs", O_WRONLY)
    guard file >= 0 else { return false }
    defer { close(file) }
    let command: [UInt8] = [UInt8(ascii: "5")]
    return write(file, command, command.count) == command.count
  }

  /// The context switches of the whole process so far, voluntary (a thread waiting, as for a
  /// queue's next block) and involuntary, from `getrusage(RUSAGE_SELF)`.
  package static func contextSwitches() -> Int {
    let usage = resourceUsage()
    return usage.ru_nvcsw + usage.ru_nivcsw
  }

  private static func resourceUsage() -> rusage {
    var usage = rusage()
    #if canImport(Glibc) || canImport(Musl)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage
  }

  private static func nanoseconds(_ value: timeval) -> Int64 {
    Int64(value.tv_sec) * 1_000_000_000 + Int64(value.tv_usec) * 1_000
  }

  /// The peak resident size `getrusage` reports: kilobytes on Linux, bytes on Apple platforms.
  private static func maximumResidentBytes(_ usage: rusage) -> Int64 {
    #if canImport(Darwin)
      Int64(usage.ru_maxrss)
    #else
      Int64(usage.ru_maxrss) * 1024
    #endif
  }

  /// A "Name:   1234 kB" line of /proc/self/status, in bytes.
  private static func statusBytes(_ field: String) -> Int? {
    guard let status = contents(ofFile: "/proc/self/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
      let digits = line.dropFirst(field.count).filter(\.isNumber)
      return Int(digits).map { $0 * 1024 }
    }
    return nil
  }

  /// A small file's text, read with plain system calls (a /proc file reports no size up front).
  private static func contents(ofFile path: String) -> String? {
    let file = open(path, O_RDONLY)
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
      bytes += buffer.prefix(count)
    }
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
}
