import FrameLens

/// Usage errors worded as one line: ArgumentParser's messages without their usage screen, and a
/// suggestion for a misspelt command.
enum UsageErrors {
    /// ArgumentParser's message as one line starting in lower case, pointing to the command's help:
    /// `unknown option '--frm'. Did you mean '--from'? (see 'framelens index --help')`.
    static func line(_ message: String, help command: String?) -> String {
        var text = message.split(separator: "\n").first.map(String.init) ?? message
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        if let first = text.first, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        return text + " (see 'framelens \(command.map { $0 + " " } ?? "")--help')"
    }

    /// The error for a first argument that is no command (`framelens grap`), or nil when it is one or an
    /// option: `unknown command 'grap'; did you mean 'grab'?`, or the list of commands when none is close.
    static func unknownCommand(_ arguments: [String], known: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first) else { return nil }
        let nearest = known.map { (name: $0, distance: TextSimilarity.editDistance(first.lowercased(), $0)) }
            .min { $0.distance < $1.distance }
        if let nearest, nearest.distance <= max(1, min(2, first.count / 2)) {
            return "unknown command '\(first)'; did you mean '\(nearest.name)'?"
        }
        return "unknown command '\(first)' (commands: \(known.joined(separator: ", ")))"
    }
}
