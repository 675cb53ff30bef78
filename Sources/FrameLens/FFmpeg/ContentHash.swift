import Foundation
internal import CFFmpeg

/// SHA-256 through FFmpeg's `av_sha` (FrameLens links libavutil already; Foundation on Linux has no digest).
///
/// One owner of the C context; `deinit` frees it.
final class SHA256 {
    private let context: OpaquePointer

    init() {
        // av_sha_alloc fails only when memory does; there is nothing to hand back then.
        context = av_sha_alloc()!
        av_sha_init(context, 256)
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }

    /// Adds bytes to the digest. The corresponding C function is `av_sha_update`.
    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        av_sha_update(context, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    /// The digest as 64 lowercase hexadecimal digits. The corresponding C function is `av_sha_final`.
    func hexDigest() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
