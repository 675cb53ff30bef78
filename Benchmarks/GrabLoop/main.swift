/// `framelens-bench`: grabs in one process, as an app that keeps a video open does.
///
/// `framelens-bench VIDEO GROUND_TRUTH_JSON [GRABS (default 20)]` times consecutive grabs: it opens the
/// video once, then for each grab seeks to the middle of the next slide (cycling through the ground truth's
/// slides) and analyses the displayed frame with the shared analyzer. The first grab pays for loading
/// Tesseract's model; the others show the steady state. Prints the first grab's time, the mean and median
/// of the others, how those split between seeking and analysing, and the peak resident memory (VmHWM).
///
/// `framelens-bench soak VIDEO [CYCLES (default 10000)] [TEXT_EVERY (default 100)] [MAX_GROWTH_PERCENT
/// (default 5)]` runs seek+grab cycles and checks that resident memory and the live C objects stay flat
/// (`Soak.swift`); it exits 1 when they do not.
///
/// `framelens-bench index-peak VIDEO INTERVAL` indexes the video at that interval and prints the most decoded
/// frames alive at once (`IndexPeak.swift`).
///
/// `framelens-bench arenas` has 8 threads allocate at once, then prints malloc's statistics (one `Arena N:`
/// per arena) on stderr: the cap below holds them to two (`Arenas.swift`).
@_spi(Process) import FrameLens
import Foundation

// As FrameLens's executables do: what the soak measures is what they keep.
HeapArenas.cap()
let arguments = Array(CommandLine.arguments.dropFirst())

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: framelens-bench VIDEO GROUND_TRUTH_JSON [GRABS >= 2]
               framelens-bench soak VIDEO [CYCLES >= 20] [TEXT_EVERY >= 1] [MAX_GROWTH_PERCENT]
               framelens-bench index-peak VIDEO INTERVAL
               framelens-bench arenas

        """.utf8))
    exit(64)
}

if arguments == ["arenas"] {
    allocateOnThreadsAtOnce(8)
    HeapArenas.printStatistics()
    exit(0)
}
if arguments.first == "soak" {
    guard (2...5).contains(arguments.count),
          let cycles = arguments.count > 2 ? Int(arguments[2]) : 10_000, cycles >= 20,
          let textEvery = arguments.count > 3 ? Int(arguments[3]) : 100, textEvery >= 1,
          let maximumGrowth = arguments.count > 4 ? Double(arguments[4]) : 5
    else { usage() }
    let flat = try await soak(video: arguments[1], cycles: cycles, textEvery: textEvery, maximumGrowth: maximumGrowth)
    exit(flat ? 0 : 1)
}
if arguments.first == "index-peak" {
    guard arguments.count == 3, let interval = Double(arguments[2]), interval > 0 else { usage() }
    try await indexPeak(video: arguments[1], interval: interval)
    exit(0)
}
guard arguments.count == 2 || arguments.count == 3,
      let grabCount = arguments.count == 3 ? Int(arguments[2]) : 20, grabCount >= 2
else { usage() }
try await grabTimes(video: arguments[0], groundTruth: arguments[1], grabCount: grabCount)
