import ArgumentParser
import Foundation

/// A comma-separated set of named choices as an option's value (`--types text,codes`, `--only url,phone`),
/// parsed by ArgumentParser through `init(parsing:)`, so that a bad name is a usage error naming it.
struct ChoiceList<Choice: RawRepresentable & CaseIterable & Hashable>: CustomStringConvertible
where Choice.RawValue == String {
    /// The choices named, each once.
    let choices: Set<Choice>

    /// Every choice: what an option means when it is not given.
    static var all: ChoiceList { ChoiceList(choices: Set(Choice.allCases)) }

    private init(choices: Set<Choice>) {
        self.choices = choices
    }

    /// Reads `a,b,c`, in any case, ignoring spaces and empty names.
    ///
    /// - Throws: `ValidationError` naming the first unknown name and the valid ones.
    init(parsing text: String) throws {
        var choices = Set<Choice>()
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() })
        where !name.isEmpty {
            guard let choice = Choice(rawValue: name) else {
                throw ValidationError("unknown value '\(name)' (expected: \(Self.names))")
            }
            choices.insert(choice)
        }
        self.choices = choices
    }

    /// The valid names, in their declared order: `text, codes, detectors`.
    static var names: String { Choice.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The list as typed: `text,codes,detectors` (help shows it as the default).
    var description: String { Choice.allCases.filter(choices.contains).map(\.rawValue).joined(separator: ",") }
}
