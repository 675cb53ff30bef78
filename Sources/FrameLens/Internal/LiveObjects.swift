import Synchronization

/// How many of the C objects FrameLens owns are alive right now: decoded frames, packets, codec contexts,
/// Tesseract engines and ZBar images.
///
/// Each is counted where it is created and where it is freed (the allocation funnels in `FFmpeg/`,
/// `TesseractEngine`, `BarcodeScanner`), so a test can run a few hundred seeks and analyses and check that
/// every count is back where it started: a leak shows as a count that only grows. The counters are
/// relaxed atomics, cheap enough to stay on in release builds. Published as SPI (`@_spi(Diagnostics)`) for
/// `framelens-bench soak`, which checks them in a process of its own, away from other tests' objects.
@_spi(Diagnostics) public enum LiveObjects {
    /// One kind of object's count.
    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        private let highest = Atomic<Int>(0)

        /// One more is alive.
        func created() {
            let (_, now) = value.add(1, ordering: .relaxed)
            highest.max(now, ordering: .relaxed)
        }

        /// One fewer is alive.
        func freed() { value.subtract(1, ordering: .relaxed) }

        /// How many are alive.
        var live: Int { value.load(ordering: .relaxed) }

        /// The most alive at once since `resetPeaks`.
        var peak: Int { highest.load(ordering: .relaxed) }

        func resetPeak() { highest.store(live, ordering: .relaxed) }
    }

    /// `AVFrame`s (decoder frames, frames handed out in a `VideoFrame`, rotation and encoder frames).
    static let frames = Counter()
    /// `AVPacket`s (the decoder's, the demuxer's queued ones, the encoder's).
    static let packets = Counter()
    /// `AVCodecContext`s (decoders and image encoders).
    static let codecContexts = Counter()
    /// Tesseract engines (`TessBaseAPI`).
    static let tesseractEngines = Counter()
    /// ZBar images (`zbar_image_t`).
    static let zbarImages = Counter()

    /// All five counts at one moment.
    public struct Counts: Equatable, Sendable, CustomStringConvertible {
        /// The live objects of each kind.
        public var frames, packets, codecContexts, tesseractEngines, zbarImages: Int

        public var description: String {
            "frames \(frames), packets \(packets), codec contexts \(codecContexts), "
                + "Tesseract engines \(tesseractEngines), ZBar images \(zbarImages)"
        }
    }

    /// The counts now.
    public static var counts: Counts {
        Counts(
            frames: frames.live, packets: packets.live, codecContexts: codecContexts.live,
            tesseractEngines: tesseractEngines.live, zbarImages: zbarImages.live)
    }

    /// The most of each kind alive at once since the last `resetPeaks()` (or the start).
    public static var peaks: Counts {
        Counts(
            frames: frames.peak, packets: packets.peak, codecContexts: codecContexts.peak,
            tesseractEngines: tesseractEngines.peak, zbarImages: zbarImages.peak)
    }

    /// Starts the peaks afresh from the counts now.
    public static func resetPeaks() {
        for counter in [frames, packets, codecContexts, tesseractEngines, zbarImages] { counter.resetPeak() }
    }
}
