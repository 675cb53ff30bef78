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

func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}

/// Times `grabCount` grabs, each a seek to the next slide's middle and an analysis, and prints them.
func grabTimes(video: String, groundTruth: String, grabCount: Int) async throws {
    let truth = try JSONDecoder().decode(GroundTruth.self, from: Data(contentsOf: URL(fileURLWithPath: groundTruth)))
    let middles = truth.slides.map { ($0.start + $0.end) / 2 }
    let clock = ContinuousClock()

    let openStart = clock.now
    let player = try VideoPlayer(url: video)
    let openTime = milliseconds(clock.now - openStart)

    var grabs: [Grab] = []
    for index in 0..<grabCount {
        let start = clock.now
        try await player.seek(to: Timestamp(seconds: middles[index % middles.count]))
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
    print("peak RSS: " + (residentMiB("VmHWM").map { "\(format($0)) MiB" } ?? "unknown"))
}
