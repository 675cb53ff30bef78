import Testing
@testable import FrameLens

struct MediaInfoTests {
    @Test func probesTheSample() throws {
        let info = try MediaInfo.probe(TestMedia.sample)
        #expect(info.container.contains("mp4"))
        #expect(info.duration == 60)
        #expect(info.streams.count == 1)
        let video = try #require(info.streams.first)
        #expect(video.kind == .video && video.codec == "h264" && video.codecTag == "avc1")
        #expect(video.width == 1280 && video.height == 720 && video.frameRate == 30)
        #expect(!video.isProtected && video.isPlayableVideo && video.rotation == 0)
    }

    @Test func marksCENCEncryptedStreamsProtected() throws {
        let info = try MediaInfo.probe(TestMedia.fixture("cenc.mp4"))
        let video = try #require(info.streams.first)
        #expect(video.isProtected)
        #expect(video.protection == "cenc packet encryption info")
        #expect(!video.isPlayable)
        #expect { try info.videoStream() } throws: { ($0 as? MediaError)?.code == .protectedContent }
    }

    @Test func choosesTheClearStreamBesideAProtectedOne() throws {
        let info = try MediaInfo.probe(TestMedia.fixture("mixed.mp4"))
        #expect(info.streams.map(\.isProtected) == [true, false])
        #expect(try info.videoStream().index == 1)
        #expect { try info.videoStream(requested: 0) } throws: { ($0 as? MediaError)?.code == .protectedContent }
    }

    @Test func marksSampleAESPlaylistsProtectedButNotClearOnes() throws {
        let protected = try MediaInfo.probe(TestMedia.fixture("sample-aes/playlist.m3u8"))
        #expect(protected.streams.filter { $0.kind == .video }.allSatisfy { $0.isProtected })
        #expect(protected.streams.first?.protection == "HLS SAMPLE-AES")
        let clear = try MediaInfo.probe(TestMedia.fixture("sample-aes/clear/playlist.m3u8"))
        #expect(!clear.streams.contains { $0.isProtected })
    }

    @Test func coverArtIsNotAVideoStream() throws {
        let info = try MediaInfo.probe(try TestMedia.coverArtOnly())
        #expect(info.streams.contains { $0.isAttachedPicture })
        #expect { try info.videoStream() } throws: { ($0 as? MediaError)?.code == .noVideoStream }
    }

    @Test func readsTheDisplayRotation() throws {
        for degrees in [90, 180, 270] {
            let info = try MediaInfo.probe(try TestMedia.rotated(degrees))
            #expect(info.streams.first?.rotation == degrees)
        }
    }

    @Test func namesTheStreamItCannotUse() throws {
        let info = try MediaInfo.probe(try TestMedia.audioOnly())
        #expect { try info.videoStream() } throws: { ($0 as? MediaError)?.message.hasSuffix("has no video stream (only audio)") == true }
        #expect { try info.videoStream(requested: 0) } throws: { ($0 as? MediaError)?.message.hasSuffix("is audio, not a video") == true }
        #expect { try info.videoStream(requested: 5) } throws: { ($0 as? MediaError)?.code == .noSuchStream }
    }
}
