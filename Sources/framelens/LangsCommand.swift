import ArgumentParser
import FrameLens

/// `framelens langs`: the installed Tesseract languages, or with `--engines` the text engines and whether
/// each is installed.
struct LangsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "langs",
        abstract: "Lists the installed Tesseract languages (install more with apt-get install tesseract-ocr-LANG).",
        discussion: "With --engines, lists the text engines --engine chooses from and whether each is installed."
    )

    @Flag(help: "List the text engines (tesseract, ppocr) and whether each is installed, instead of the languages.")
    var engines = false

    func run() throws {
        let languages = TessdataDirectory.installedLanguages
        if engines {
            print(languages.isEmpty
                ? "tesseract: not available: no language is installed (sudo apt-get install tesseract-ocr-eng)"
                : "tesseract: available (languages: \(languages.joined(separator: ", ")))")
            print(TextEngine.ppocrStatus)
            return
        }
        guard !languages.isEmpty else {
            printError("no Tesseract languages are installed; install one with: sudo apt-get install tesseract-ocr-eng")
            throw ExitCode(ExitStatus.analyzerUnavailable.rawValue)
        }
        print(languages.joined(separator: "\n"))
    }
}
