internal import CFFmpeg

/// FFmpeg's own text for an error code (what `av_err2str` gives, which Swift cannot import).
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: Int(AV_ERROR_MAX_STRING_SIZE))
    if av_strerror(code, &buffer, buffer.count) < 0 {
        return "error \(code)"
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Calls an FFmpeg function and turns a negative return code into an error of `code`'s domain: a
/// `MediaError` when reading, an `OutputError` when encoding.
///
/// - Parameters:
///   - code: what to report when the call fails.
///   - what: the start of the message, e.g. "cannot open decoder for stream 0".
///   - operation: the C function's name.
/// - Returns: the call's non-negative result.
@discardableResult
func ffmpegCall<Code: FrameLensErrorCode>(
    _ code: Code, _ what: @autoclosure () -> String, _ operation: String, _ body: () -> Int32
) throws(FrameLensError<Code>) -> Int32 {
    let result = body()
    guard result >= 0 else {
        throw FrameLensError(code, "\(what()): \(ffmpegErrorText(result))", operation: operation)
    }
    return result
}

extension AVRational {
    var rational: Rational { Rational(Int(num), Int(den)) }
}

/// The FFmpeg library's own log is for FFmpeg's developers; FrameLens reports errors itself.
func quietFFmpegLogs() {
    av_log_set_level(AV_LOG_QUIET)
}
