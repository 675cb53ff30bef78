import Foundation
import Testing
@testable import FrameLens

/// Code in an editor, as screencasts show it: a gutter of grey line numbers beside light code on a dark
/// background, with blank lines. A person reads it row by row, each number with its line of code.
struct CodeReadingTests {
    static let rows: [(number: Int, code: String)] = [
        (1, "import statistics"), (2, ""), (3, "def average(values)"), (4, "    total = sum(values)"),
        (5, "    return total / len(values)"), (6, ""), (7, "def spread(values)"), (8, "    low = min(values)"),
        (9, "    high = max(values)"), (10, "    return high - low"), (11, ""),
        (12, "numbers = [3, 8, 13, 21, 34]"), (13, "print(average(numbers))"), (14, "print(spread(numbers))"),
    ]

    /// The editor at `scale` times 1280x720 with 18 px text (the layout of a code screencast).
    static func editor(scale: Int) throws -> String {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
        func px(_ value: Double) -> Int { Int((value * Double(scale) / 2).rounded()) }
        let size = px(18), pitch = px(26), advance = 0.6021 * Double(size) // DejaVu Sans Mono: 1233/2048 em
        // drawtext drops leading spaces: numbers are right-aligned and code indented by where they start.
        let filters = rows.flatMap { row -> [String] in
            let y = px(44) + (row.number - 1) * pitch
            let digits = String(row.number).count, indent = row.code.prefix { $0 == " " }.count
            var drawn = ["drawtext=fontfile=\(font):text='\(row.number)':fontsize=\(size):fontcolor=0x858585:"
                + "x=\(px(12) + Int(Double(4 - digits) * advance)):y=\(y)"]
            if !row.code.isEmpty {
                drawn.append("drawtext=fontfile=\(font):text='\(row.code.dropFirst(indent))':fontsize=\(size):"
                    + "fontcolor=0xd4d4d4:x=\(px(12) + Int(Double(6 + indent) * advance)):y=\(y)")
            }
            return drawn
        }
        return try TestMedia.make("editor-\(scale).mp4", [
            "-f", "lavfi", "-i", "color=c=0x1e1e1e:s=\(px(1280))x\(px(720)):r=30:d=1",
            "-vf", filters.joined(separator: ","), "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
    }

    /// 720p (18 px text) and 1080p (27 px): each row one line, its number first, in order. One line may be
    /// lost or its number misread (Tesseract gives "print(spread(numbers))" next to no confidence at
    /// 1080p, and reads a lone "1" as "al" at 720p); before code beside line numbers was read as a table,
    /// the numbers came apart from their lines (none led one at 720p).
    @Test(arguments: [2, 3])
    func readsCodeRowByRowWithItsLineNumbers(scale: Int) throws {
        let result = try Command.framelens(["grab", try Self.editor(scale: scale), "--at", "0.5", "--types", "text"])
        #expect(result.status == 0, "\(result.errorText)")
        let lines = result.text.split(separator: "\n").map { TextSimilarity.normalizeWhitespace(String($0)) }
        let numbered = lines.compactMap { line -> (Int, String)? in
            guard let space = line.firstIndex(of: " "), let number = Int(line[..<space]) else { return nil }
            return (number, String(line[line.index(after: space)...]))
        }
        #expect(numbered.map(\.0) == numbered.map(\.0).sorted(), "\(lines)")
        let code = Dictionary(uniqueKeysWithValues: Self.rows.map { ($0.number, TextSimilarity.normalizeWhitespace($0.code)) })
        let rightRows = numbered.filter { number, text in
            code[number].map { !$0.isEmpty && TextSimilarity.characterErrorRate(text, reference: $0) <= 0.1 } ?? false
        }
        #expect(rightRows.count >= code.values.filter { !$0.isEmpty }.count - 1, "\(lines)")
    }
}
