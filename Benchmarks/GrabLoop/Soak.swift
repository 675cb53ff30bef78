@_spi(Diagnostics) @_spi(Process) import FrameLens
import Foundation

/// Seek+grab cycles in one player, to show that nothing grows: resident memory and the live C objects.
///
/// Each cycle seeks to a time drawn from a seeded generator and analyses the frame shown: codes and data
/// detectors every cycle, text (Tesseract) every `textEvery`th. After a warm-up (a tenth of the cycles, at
/// least 20: models loaded) and at the end it notes `LiveObjects`' counts and the resident memory (`VmRSS`)
/// once the heap's free pages are handed back to the system (`malloc_trim`): memory kept, not the freed
/// heap space glibc holds on to, which rises and falls by a tenth with the threads the cycles ran on.
/// Every tenth of the way it prints the resident memory as it is.
///
/// - Returns: whether the counts are back where they were and memory kept grew by less than
///   `maximumGrowth` percent.
func soak(video: String, cycles: Int, textEvery: Int, maximumGrowth: Double) async throws -> Bool {
    let player = try VideoPlayer(url: video)
    let everything = AnalysisOptions()
    let noText = AnalysisOptions(features: [.codes, .detectors])
    var generator = SplitMix64(seed: 1)
    let warmUp = max(20, cycles / 10)
    var baseline: (counts: LiveObjects.Counts, resident: Double, kept: Double)?
    let clock = ContinuousClock()
    let start = clock.now
    for cycle in 0..<cycles {
        if cycle == warmUp { baseline = (LiveObjects.counts, residentMiB("VmRSS") ?? 0, keptMiB()) }
        if cycle > 0 && cycle % max(1, cycles / 10) == 0 { print("cycle \(cycle): resident \(format(residentMiB("VmRSS") ?? 0)) MiB") }
        let milliseconds = Int64(((player.duration ?? .zero).seconds * 1000).rounded(.down))
        try await player.seek(to: Timestamp(value: Int64(generator.next() % UInt64(max(1, milliseconds))), timescale: 1000))
        _ = try await player.analyzeCurrentFrame(options: cycle % textEvery == 0 ? everything : noText)
    }
    let seconds = milliseconds(clock.now - start) / 1000
    guard let baseline else {
        print("soak: \(cycles) cycles are too few to warm up (\(warmUp))")
        return false
    }
    let counts = LiveObjects.counts
    let resident = residentMiB("VmRSS") ?? 0
    let kept = keptMiB()
    let growth = (kept - baseline.kept) / baseline.kept * 100
    print("soak: \(cycles) seek+grab cycles on \(video) in \(format(seconds)) s (text every \(textEvery)), "
        + "warm-up \(warmUp)")
    print("live objects after warm-up: \(baseline.counts)")
    print("live objects at the end:    \(counts)")
    print("resident memory as it is: \(format(baseline.resident)) MiB after warm-up, \(format(resident)) MiB at the end; "
        + "peak \(format(residentMiB("VmHWM") ?? 0)) MiB")
    print("memory kept (resident once free heap pages are handed back): \(format(baseline.kept)) MiB after warm-up, "
        + "\(format(kept)) MiB at the end (\(growth >= 0 ? "+" : "")\(format(growth)) %, limit \(format(maximumGrowth)) %)")
    let flat = counts == baseline.counts && growth < maximumGrowth
    print(flat ? "soak: flat" : "soak: GROWS")
    return flat
}

/// The resident memory once the heap's free pages are handed back, in MiB.
private func keptMiB() -> Double {
    HeapArenas.returnFreePages()
    return residentMiB("VmRSS") ?? 0
}

/// SplitMix64 (Steele, Lea and Flood): a tiny seeded generator, so that every run seeks to the same times.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
