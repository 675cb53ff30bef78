import Foundation

/// A memory figure of this process from /proc/self/status, in MiB (Linux only): `VmRSS` (resident now) or
/// `VmHWM` (the peak resident set).
func residentMiB(_ field: String) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
          let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return nil }
    return kibibytes / 1024
}

/// Hands the heap's free pages back to the system (glibc's `malloc_trim(0)`, looked up at run time); whether
/// any were. What resident memory drops by is heap space freed but kept, not memory in use.
@discardableResult
func returnFreeHeapPages() -> Bool {
    guard let symbol = dlsym(dlopen(nil, RTLD_LAZY), "malloc_trim") else { return false }
    typealias MallocTrim = @convention(c) (Int) -> Int32
    return unsafeBitCast(symbol, to: MallocTrim.self)(0) == 1
}
