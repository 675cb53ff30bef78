import Foundation
import FrameLens

/// Where `frame` writes its pictures: one file (or `-`), files numbered as ffmpeg's image2 muxer numbers
/// them (`frame-%03d.png`: 1, 2, ... in time order), or a folder of files named after the times asked for
/// (`frames/00_01_23.456.png`).
enum FrameDestination: Equatable {
    case file(String)
    case pattern(String)
    case folder(String)

    /// Reads `-o`: a name holding one `%d` (or `%03d`; `%%` is a plain `%`) is a pattern, a name ending in
    /// `/` or an existing folder is a folder, anything else one file.
    ///
    /// - Throws: a one-line usage error when several frames would go to one file, or a pattern is ambiguous.
    init(_ output: String, severalFrames: Bool) throws {
        let placeholders = Self.placeholders(in: output)
        var isDirectory: ObjCBool = false
        if placeholders > 1 {
            throw usageError(
                "-o \(output) has \(placeholders) frame numbers (%d); a pattern holds one, e.g. frame-%03d.png")
        } else if placeholders == 1 {
            self = .pattern(output)
        } else if output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            self = .folder(output)
        } else if severalFrames {
            throw usageError(
                "several times need -o to be a pattern such as frame-%03d.png or a folder such as frames/, not "
                    + (output == "-" ? "standard output" : "one file (\(output))"))
        } else {
            self = .file(output)
        }
    }

    /// The name that decides the format: the file's or the pattern's (a folder's files take `--format`).
    var nameForFormat: String {
        switch self {
        case .file(let name), .pattern(let name): name
        case .folder: "-"
        }
    }

    /// The path of the `number`th picture (from 1), shown at the time asked for, `seconds`.
    func path(number: Int, seconds: Double, format: ImageEncoder.FileFormat) -> String {
        switch self {
        case .file(let path): path
        case .pattern(let pattern): Self.expand(pattern, number)
        case .folder(let folder):
            (folder as NSString).appendingPathComponent(
                MediaTime.clock(seconds).replacingOccurrences(of: ":", with: "_") + "." + format.fileExtension)
        }
    }

    /// How many `%d`/`%0Nd` the name holds (any other `%` is text).
    private static func placeholders(in name: String) -> Int {
        var count = 0
        scan(name) { _ in count += 1 } text: { _ in }
        return count
    }

    /// The pattern with its number in, as ffmpeg's `av_get_frame_filename` writes it.
    private static func expand(_ pattern: String, _ number: Int) -> String {
        var path = ""
        scan(pattern) { width in path += String(format: "%0\(width)d", number) } text: { path.append($0) }
        return path
    }

    /// Walks a name: `number` for each `%d`/`%0Nd` (with its width), `text` for every other character
    /// (`%%` gives one `%`).
    private static func scan(_ name: String, number: (Int) -> Void, text: (Character) -> Void) {
        var rest = Substring(name)
        while let character = rest.first {
            rest = rest.dropFirst()
            guard character == "%" else {
                text(character)
                continue
            }
            if rest.first == "%" {
                text("%")
                rest = rest.dropFirst()
                continue
            }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if rest.dropFirst(digits.count).first == "d" {
                number(Int(digits) ?? 0)
                rest = rest.dropFirst(digits.count + 1)
            } else {
                text("%")
            }
        }
    }
}
