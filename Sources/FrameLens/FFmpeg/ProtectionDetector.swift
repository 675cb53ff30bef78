import Foundation
internal import CFFmpeg

/// Recognises encrypted and DRM-protected streams, so that they are never decoded.
///
/// Each check looks at what FFmpeg exposes for one kind of protection: CENC/cbcs MP4s (`pssh` init
/// info on the stream, encryption info on every packet, `encv`/`enca` sample entries when the original
/// format is unknown), Matroska/WebM ContentEncryption (`enc_key_id`), and HLS SAMPLE-AES or DRM key
/// tags in a playlist.
enum ProtectionDetector {
    private static let protectedSampleEntries: Set<String> = ["encv", "enca", "enct", "encs", "drms", "drmi"]

    /// The protection a stream declares up front, before any packet is read.
    static func streamProtection(_ stream: UnsafeMutablePointer<AVStream>) -> String? {
        var size: Int = 0
        if av_stream_get_side_data(stream, AV_PKT_DATA_ENCRYPTION_INIT_INFO, &size) != nil {
            return "encryption init info (pssh)"
        }
        if let tag = fourCC(stream.pointee.codecpar.pointee.codec_tag), protectedSampleEntries.contains(tag) {
            return "\(tag) sample entry"
        }
        if av_dict_get(stream.pointee.metadata, "enc_key_id", nil, 0) != nil {
            return "Matroska content encryption"
        }
        return nil
    }

    /// Whether a packet carries per-sample encryption info (CENC/cbcs subsample data).
    static func packetIsEncrypted(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        var size: Int = 0
        return av_packet_get_side_data(packet, AV_PKT_DATA_ENCRYPTION_INFO, &size) != nil
    }

    /// The protection an HLS playlist declares in its key tags, following variant playlists one level.
    ///
    /// Plain `AES-128` with an `identity` key format is transport encryption FFmpeg undoes itself and is not
    /// treated as protected; `SAMPLE-AES`, `SAMPLE-AES-CTR` and any DRM key format (FairPlay, Widevine,
    /// PlayReady) are.
    static func playlistProtection(path: String) -> String? {
        guard let text = readPlaylist(path) else { return nil }
        if let found = keyTagProtection(text) { return found }
        let directory = (path as NSString).deletingLastPathComponent
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard entry.hasSuffix(".m3u8"), !entry.contains("://") else { continue }
            let variant = entry.hasPrefix("/") ? entry : (directory as NSString).appendingPathComponent(entry)
            if let text = readPlaylist(variant), let found = keyTagProtection(text) { return found }
        }
        return nil
    }

    private static func keyTagProtection(_ playlist: String) -> String? {
        for line in playlist.split(whereSeparator: \.isNewline) {
            guard line.hasPrefix("#EXT-X-KEY:") || line.hasPrefix("#EXT-X-SESSION-KEY:") else { continue }
            let attributes = String(line).uppercased()
            let method = attribute("METHOD", in: attributes) ?? "NONE"
            let format = attribute("KEYFORMAT", in: attributes) ?? "IDENTITY"
            if method.hasPrefix("SAMPLE-AES") { return "HLS \(method)" }
            if method != "NONE" && format != "IDENTITY" { return "HLS DRM key (\(format.lowercased()))" }
        }
        return nil
    }

    private static func attribute(_ name: String, in line: String) -> String? {
        guard let range = line.range(of: name + "=") else { return nil }
        let rest = line[range.upperBound...]
        if rest.hasPrefix("\"") {
            return rest.dropFirst().prefix { $0 != "\"" }.description
        }
        return rest.prefix { $0 != "," }.description
    }

    private static func readPlaylist(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 1 << 20), let text = String(data: data, encoding: .utf8),
              text.hasPrefix("#EXTM3U")
        else { return nil }
        return text
    }

    private static func fourCC(_ tag: UInt32) -> String? {
        guard tag != 0 else { return nil }
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func codecTagString(_ tag: UInt32) -> String? { fourCC(tag) }
}
