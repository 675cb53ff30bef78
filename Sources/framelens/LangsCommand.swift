import ArgumentParser
import FrameLens

/// `framelens langs`: the installed Tesseract languages.
struct LangsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "langs",
        abstract: "Lists the installed Tesseract languages (install more with apt-get install tesseract-ocr-LANG)."
    )

    func run() throws {
        let languages = TessdataDirectory.installedLanguages
        guard !languages.isEmpty else {
            printError("no Tesseract languages are installed; install one with: sudo apt-get install tesseract-ocr-eng")
            throw ExitCode(ExitStatus.analyzerUnavailable.rawValue)
        }
        print(languages.joined(separator: "\n"))
    }
}
