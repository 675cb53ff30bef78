import Foundation

/// Writes a rotation into an MP4's track header matrix, as a phone camera does (ffmpeg 5.1 cannot).
enum DisplayMatrix {
    struct NotFound: Error {}

    /// Sets the `tkhd` matrix of the first track so that players rotate it clockwise by `degrees`.
    static func write(clockwise degrees: Int, into bytes: inout Data) throws {
        guard let range = bytes.range(of: Data("tkhd".utf8)) else { throw NotFound() }
        let version = bytes[range.upperBound]
        // After the type: version/flags 4, times and ids 20 (v0) or 32 (v1), reserved 8, layer etc. 8.
        let matrixOffset = range.upperBound + 4 + (version == 1 ? 32 : 20) + 8 + 8
        let one: Int32 = 0x10000
        let (a, b, c, d): (Int32, Int32, Int32, Int32) =
            switch degrees {
            case 90: (0, one, -one, 0)
            case 180: (-one, 0, 0, -one)
            case 270: (0, -one, one, 0)
            default: (one, 0, 0, one)
            }
        let matrix: [Int32] = [a, b, 0, c, d, 0, 0, 0, 0x4000_0000]
        for (index, value) in matrix.enumerated() {
            withUnsafeBytes(of: value.bigEndian) { bytes.replaceSubrange(matrixOffset + index * 4..<matrixOffset + index * 4 + 4, with: $0) }
        }
    }
}
