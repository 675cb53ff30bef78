import Foundation
import Testing

@testable import FrameLens

/// A FIFO given by name is read once, forwards, as it comes: `frame` and `grab` decode forward to the time
/// asked and give the frame they give for the file, and going back is a one-line error saying why.
struct NamedPipeTests {
    /// A new FIFO and a writer copying `video` into it (`cat`, ended when the test ends).
    static func fifo(feeding video: String) throws -> (path: String, writer: Process) {
        let path = TestMedia.path("video.fifo")
        guard mkfifo(path, 0o600) == 0 else { throw CommandFailure(command: "mkfifo", output: String(cString: strerror(errno))) }
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat '\(video)' > '\(path)' 2>/dev/null"]
        try writer.run()
        return (path, writer)
    }

    /// MPEG-TS (no index: a seek would be asked for past 5 s) and an MP4 with its index first (a seek would
    /// be asked for at every keyframe past the current frame).
    static let videos: [@Sendable () throws -> String] = [StandardInputTests.transportStream, TruncationFixture.whole]

    @Test(arguments: [(0, "10"), (1, "2.5")])
    func frameDecodesForwardToTheTime(video number: Int, at time: String) throws {
        let video = try Self.videos[number]()
        let (fifo, writer) = try Self.fifo(feeding: video)
        defer { writer.terminate() }
        let fromFifo = try Command.framelens(["frame", fifo, "--at", time, "--format", "raw", "-o", "-"])
        #expect(fromFifo.status == 0, "\(fromFifo.errorText)")
        let fromFile = try Command.framelens(["frame", video, "--at", time, "--format", "raw", "-o", "-"])
        #expect(fromFile.status == 0 && !fromFile.output.isEmpty)
        #expect(differingBytes(fromFifo.output, fromFile.output) == 0)
    }

    @Test func theFrameAtATimeIsFfmpegsAndSeveralComeInOrder() throws {
        let video = try TruncationFixture.whole()
        let (fifo, writer) = try Self.fifo(feeding: video)
        defer { writer.terminate() }
        let folder = TestMedia.path("fifo-frames")
        let result = try Command.framelens(["frame", fifo, "--at", "3.1", "--at", "0.5", "--format", "raw", "-o", folder + "/"])
        #expect(result.status == 0, "\(result.errorText)")
        // 25 fps: frame 12 is shown from 0.48 s, frame 77 from 3.08 s.
        for (name, number) in [("00_00_00.500.raw", 12), ("00_00_03.100.raw", 77)] {
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(differingBytes(Array(written), try TestMedia.ffmpegFrame(video, number: number)) == 0, "\(name)")
        }
    }

    @Test func grabReadsAFifoAsTheFile() throws {
        let video = try StandardInputTests.transportStream()
        let (fifo, writer) = try Self.fifo(feeding: video)
        defer { writer.terminate() }
        let arguments = ["--at", "10", "--json", "--types", "text,codes"]
        let fromFifo = try Command.framelens(["grab", fifo] + arguments)
        #expect(fromFifo.status == 0, "\(fromFifo.errorText)")
        #expect(fromFifo.output == (try Command.framelens(["grab", video] + arguments)).output)
    }

    @Test func goingBackInAFifoIsAnError() async throws {
        let (fifo, writer) = try Self.fifo(feeding: try TruncationFixture.whole())
        defer { writer.terminate() }
        let player = try VideoPlayer(url: fifo)
        try await player.seek(to: 3)
        #expect(await player.currentlyDisplayedFrame?.frameNumber == 75)
        let error = await #expect(throws: MediaError.self) { try await player.seek(to: 1) }
        #expect(error?.code == .unsupported)
        #expect(error?.message == "cannot go back to 00:00:01.000 in \(fifo): it is a pipe, read once from start to end; ask for times in increasing order, or save the video to a file")
        try await player.seek(to: 3.5, toleranceBefore: 1, toleranceAfter: 1)
        #expect(await player.currentlyDisplayedFrame?.frameNumber == 87, "tolerances decode forward, exact")
    }
}
