/// `framelens-bench`: consecutive grabs in one process, as an app that keeps a video open does.
///
/// Opens the video once, then for each grab seeks to the middle of the next slide (cycling through
/// the ground truth's slides) and analyses the displayed frame with the shared analyzer. The first
/// grab pays for loading Tesseract's model; the others show the steady state. Prints the first grab's
/// time, the mean and median of the others, how those split between seeking and analysing, and the
/// peak resident memory (VmHWM).
///
/// Usage: framelens-bench VIDEO GROUND_TRUTH_JSON [GRABS (default 20)]
import FrameLens
import Foundation

/// The part of the ground truth this needs: when each slide is shown.
struct GroundTruth: Decodable {
    struct Slide: Decodable {
        let start: Double
        let end: Double
    }

    let slides: [Slide]
}

/// One grab's seek and analysis times, in milliseconds.
struct Grab {
    let seek: Double
    let analysis: Double
    var total: Double { seek + analysis }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) * 1e-15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func mean(_ values: [Double]) -> Double {
    values.reduce(0, +) / Double(values.count)
}

/// The process's peak resident set size in MiB, from /proc/self/status (Linux only).
func peakResidentMiB() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
    else { return nil }
    return kibibytes / 1024
}

func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 4,
      let grabCount = arguments.count == 4 ? Int(arguments[3]) : 20, grabCount >= 2
else {
    FileHandle.standardError.write(Data("usage: framelens-bench VIDEO GROUND_TRUTH_JSON [GRABS >= 2]\n".utf8))
    exit(64)
}

let truth = try JSONDecoder().decode(GroundTruth.self, from: Data(contentsOf: URL(fileURLWithPath: arguments[2])))
let middles = truth.slides.map { ($0.start + $0.end) / 2 }
let clock = ContinuousClock()

let openStart = clock.now
let player = try VideoPlayer(url: arguments[1])
let openTime = milliseconds(clock.now - openStart)

var grabs: [Grab] = []
for index in 0..<grabCount {
    let start = clock.now
    try await player.seek(to: middles[index % middles.count])
    let seeked = clock.now
    _ = try await player.analyzeCurrentFrame()
    grabs.append(Grab(seek: milliseconds(seeked - start), analysis: milliseconds(clock.now - seeked)))
}

let first = grabs[0]
let rest = grabs.dropFirst()
print("open: \(format(openTime)) ms; \(grabCount) grabs cycling through \(middles.count) slide middles")
print("first grab: \(format(first.total)) ms (seek \(format(first.seek)), analyse \(format(first.analysis)))")
print("other \(rest.count): mean \(format(mean(rest.map(\.total)))) ms, median \(format(median(rest.map(\.total)))) ms"
    + " (median seek \(format(median(rest.map(\.seek)))), median analyse \(format(median(rest.map(\.analysis)))))")
print("peak RSS: " + (peakResidentMiB().map { "\(format($0)) MiB" } ?? "unknown"))
