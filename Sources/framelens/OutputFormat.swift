import ArgumentParser
import Foundation
import FrameLens

/// A file format a command writes, named by `--format` (or `--image-format`) or by the output's extension.
protocol OutputFormat: CaseIterable {
    /// The format a name or file extension stands for (`jpeg` for `jpg`), in any case.
    init?(pathExtension: String)
    var fileExtension: String { get }
}

extension OutputFormat {
    /// The supported formats, for messages and help: `png, jpg, ppm or raw`.
    static var names: String {
        let all = allCases.map(\.fileExtension)
        return all.dropLast().joined(separator: ", ") + (all.count > 1 ? " or " : "") + (all.last ?? "")
    }

    /// The format named by `name` (an option's value) when given, else by `output`'s extension, else
    /// `fallback`: standard output (`-`) and names without an extension take the default.
    ///
    /// - Throws: a one-line usage error (exit code 64) naming the supported formats, never a silent default.
    static func choose(
        named name: String?, option: String = "--format", output: String, fallback: Self
    ) throws -> Self {
        if let name {
            guard let format = Self(pathExtension: name) else {
                throw usageError("\(option) \(name) is not a format this command writes (\(names))")
            }
            return format
        }
        let pathExtension = (output as NSString).pathExtension
        guard output != "-", !pathExtension.isEmpty else { return fallback }
        guard let format = Self(pathExtension: pathExtension) else {
            throw usageError(
                "cannot write \(output): .\(pathExtension) is not a format this command writes (\(names)); "
                    + "use one of those extensions or \(option)")
        }
        return format
    }
}

extension ImageEncoder.FileFormat: OutputFormat {}
extension IndexFormat: OutputFormat {}

/// What `index` writes: the index in one of `IndexFormat`'s formats, or a searchable PDF of its slides.
enum IndexOutput: OutputFormat, Equatable {
    case index(IndexFormat)
    case pdf

    static var allCases: [IndexOutput] { IndexFormat.allCases.map(IndexOutput.index) + [.pdf] }

    init?(pathExtension: String) {
        if pathExtension.lowercased() == "pdf" {
            self = .pdf
        } else if let format = IndexFormat(pathExtension: pathExtension) {
            self = .index(format)
        } else {
            return nil
        }
    }

    var fileExtension: String {
        switch self {
        case .index(let format): format.fileExtension
        case .pdf: "pdf"
        }
    }
}

/// The image formats `index --slides` writes: those that image viewers show.
enum SlideImageFormat: String, OutputFormat {
    case png, jpg

    init?(pathExtension: String) {
        guard let format = ImageEncoder.FileFormat(pathExtension: pathExtension) else { return nil }
        self.init(rawValue: format.rawValue)
    }

    var fileExtension: String { rawValue }

    var encoderFormat: ImageEncoder.FileFormat { ImageEncoder.FileFormat(pathExtension: rawValue)! }
}
