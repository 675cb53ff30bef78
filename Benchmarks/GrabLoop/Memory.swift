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
