import COnnxRuntime
import Foundation

/// ONNX Runtime, loaded at run time with `dlopen`: FrameLens neither links against it nor needs it to build.
/// The one place that calls its C API (the declarations in `COnnxRuntime`).
///
/// One runtime per process (`shared(at:)`); its sessions may run from several threads at once, as ONNX
/// Runtime allows.
final class OnnxRuntime: @unchecked Sendable {
    private let api: UnsafePointer<OrtApi>
    private let environment: OpaquePointer
    private let memoryInfo: OpaquePointer
    /// The library's version (`1.19.2`).
    let version: String

    private static let loaded = Locked<[String: OnnxRuntime]>([:])

    /// The runtime in the library at `path`, loaded on first use.
    ///
    /// - Throws: `AnalysisError` `.engineNotInstalled` when the library cannot be loaded or is not ONNX
    ///   Runtime, `.engineFailed` when it cannot start.
    static func shared(at path: String) throws(AnalysisError) -> OnnxRuntime {
        try loaded.withLock { runtimes -> Result<OnnxRuntime, AnalysisError> in
            if let runtime = runtimes[path] { return .success(runtime) }
            let made = Result { () throws(AnalysisError) in try OnnxRuntime(path: path) }
            if case .success(let runtime) = made { runtimes[path] = runtime }
            return made
        }.get()
    }

    private init(path: String) throws(AnalysisError) {
        guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            throw AnalysisError(.engineNotInstalled, "cannot load ONNX Runtime from \(path): \(reason)", operation: "dlopen")
        }
        guard let symbol = dlsym(library, "OrtGetApiBase") else {
            throw AnalysisError(.engineNotInstalled, "\(path) is not ONNX Runtime: it has no OrtGetApiBase", operation: "dlsym")
        }
        let getBase = unsafeBitCast(symbol, to: OrtGetApiBaseFunction.self)
        guard let base = getBase(), let api = base.pointee.GetApi!(UInt32(FRAMELENS_ORT_API_VERSION)) else {
            throw AnalysisError(
                .engineNotInstalled, "the ONNX Runtime at \(path) does not serve API version \(FRAMELENS_ORT_API_VERSION)",
                operation: "OrtApiBase.GetApi")
        }
        self.api = api
        version = base.pointee.GetVersionString!().map { String(cString: $0) } ?? "?"
        var environment: OpaquePointer?
        try Self.check(api, api.pointee.CreateEnv!(ORT_LOGGING_LEVEL_ERROR, "framelens", &environment), "CreateEnv")
        var memoryInfo: OpaquePointer?
        try Self.check(
            api, api.pointee.CreateCpuMemoryInfo!(OrtArenaAllocator, OrtMemTypeDefault, &memoryInfo), "CreateCpuMemoryInfo")
        guard let environment, let memoryInfo else {
            throw AnalysisError(.engineFailed, "ONNX Runtime made no environment", operation: "CreateEnv")
        }
        self.environment = environment
        self.memoryInfo = memoryInfo
        // The runtime lives as long as the process: nothing is released.
    }

    /// A session of the model at `path`, running each call on up to `threads` threads.
    ///
    /// - Throws: `AnalysisError` `.engineFailed` when the model cannot be loaded.
    func session(model path: String, threads: Int) throws(AnalysisError) -> Session {
        var options: OpaquePointer?
        try check(api.pointee.CreateSessionOptions!(&options), "CreateSessionOptions")
        defer { api.pointee.ReleaseSessionOptions!(options) }
        try check(api.pointee.SetIntraOpNumThreads!(options, Int32(max(1, threads))), "SetIntraOpNumThreads")
        try check(api.pointee.SetInterOpNumThreads!(options, 1), "SetInterOpNumThreads")
        try check(api.pointee.SetSessionGraphOptimizationLevel!(options, ORT_ENABLE_ALL), "SetSessionGraphOptimizationLevel")
        // A call's threads sleep when it is done rather than spin waiting for the next: calls come between frames
        // being decoded and read by Tesseract, which need the cores meanwhile.
        try check(api.pointee.AddSessionConfigEntry!(options, "session.intra_op.allow_spinning", "0"), "AddSessionConfigEntry")
        var session: OpaquePointer?
        try check(api.pointee.CreateSession!(environment, path, options, &session), "CreateSession", subject: path)
        guard let session else { throw AnalysisError(.engineFailed, "ONNX Runtime loaded no model from \(path)") }
        return try Session(runtime: self, session: session)
    }

    /// A loaded model: its first input and output, run on float tensors.
    final class Session: @unchecked Sendable {
        private let runtime: OnnxRuntime
        private let session: OpaquePointer
        private let inputName: String
        private let outputName: String

        fileprivate init(runtime: OnnxRuntime, session: OpaquePointer) throws(AnalysisError) {
            self.runtime = runtime
            self.session = session
            let api = runtime.api
            inputName = try runtime.allocatedString("SessionGetInputName") { api.pointee.SessionGetInputName!(session, 0, $0, $1) } ?? ""
            outputName = try runtime.allocatedString("SessionGetOutputName") { api.pointee.SessionGetOutputName!(session, 0, $0, $1) } ?? ""
        }

        deinit { runtime.api.pointee.ReleaseSession!(session) }

        /// Runs the model on one float tensor of `shape` (row-major `values`); its first output, with its shape.
        func run(_ values: [Float], shape: [Int]) throws(AnalysisError) -> (values: [Float], shape: [Int]) {
            precondition(values.count == shape.reduce(1, *), "a tensor's values fill its shape")
            let api = runtime.api
            var input = values
            let dimensions = shape.map(Int64.init)
            var inputValue: OpaquePointer?
            let created = input.withUnsafeMutableBytes { bytes in
                api.pointee.CreateTensorWithDataAsOrtValue!(
                    runtime.memoryInfo, bytes.baseAddress, bytes.count, dimensions, dimensions.count,
                    ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &inputValue)
            }
            try runtime.check(created, "CreateTensorWithDataAsOrtValue")
            defer { api.pointee.ReleaseValue!(inputValue) }
            var outputValue: OpaquePointer?
            let status = withExtendedLifetime(input) {
                inputName.withCString { inputName in
                    outputName.withCString { outputName in
                        var inputNames: [UnsafePointer<CChar>?] = [inputName]
                        var outputNames: [UnsafePointer<CChar>?] = [outputName]
                        var inputs: [OpaquePointer?] = [inputValue]
                        return api.pointee.Run!(session, nil, &inputNames, &inputs, 1, &outputNames, 1, &outputValue)
                    }
                }
            }
            try runtime.check(status, "Run")
            defer { api.pointee.ReleaseValue!(outputValue) }
            return try runtime.floats(of: outputValue)
        }
    }

    /// A float tensor's values and shape.
    private func floats(of value: OpaquePointer?) throws(AnalysisError) -> (values: [Float], shape: [Int]) {
        var info: OpaquePointer?
        try check(api.pointee.GetTensorTypeAndShape!(value, &info), "GetTensorTypeAndShape")
        defer { api.pointee.ReleaseTensorTypeAndShapeInfo!(info) }
        var count = 0
        try check(api.pointee.GetDimensionsCount!(info, &count), "GetDimensionsCount")
        var dimensions = [Int64](repeating: 0, count: count)
        try check(api.pointee.GetDimensions!(info, &dimensions, count), "GetDimensions")
        let shape = dimensions.map { Int(max(0, $0)) }
        var data: UnsafeMutableRawPointer?
        try check(api.pointee.GetTensorMutableData!(value, &data), "GetTensorMutableData")
        guard let data else { throw AnalysisError(.engineFailed, "ONNX Runtime returned a tensor without data") }
        let floats = data.bindMemory(to: Float.self, capacity: shape.reduce(1, *))
        return (Array(UnsafeBufferPointer(start: floats, count: shape.reduce(1, *))), shape)
    }

    /// A string the runtime allocates with its default allocator (nil for none), copied and freed.
    private func allocatedString(
        _ operation: String, _ call: (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> OrtStatusPtr?
    ) throws(AnalysisError) -> String? {
        var allocator: OpaquePointer?
        try check(api.pointee.GetAllocatorWithDefaultOptions!(&allocator), "GetAllocatorWithDefaultOptions")
        var text: UnsafeMutablePointer<CChar>?
        try check(call(allocator, &text), operation)
        guard let text else { return nil }
        defer { api.pointee.ReleaseStatus!(api.pointee.AllocatorFree!(allocator, text)) }
        return String(cString: text)
    }

    private func check(_ status: OrtStatusPtr?, _ operation: String, subject: String? = nil) throws(AnalysisError) {
        try Self.check(api, status, operation, subject: subject)
    }

    /// Throws the status's message as `.engineFailed` when it is an error (and releases it).
    private static func check(
        _ api: UnsafePointer<OrtApi>, _ status: OrtStatusPtr?, _ operation: String, subject: String? = nil
    ) throws(AnalysisError) {
        guard let status else { return }
        defer { api.pointee.ReleaseStatus!(status) }
        let message = api.pointee.GetErrorMessage!(status).map { String(cString: $0) } ?? "unknown error"
        throw AnalysisError(
            .engineFailed, "ONNX Runtime failed\(subject.map { " on \($0)" } ?? ""): \(message)", operation: operation)
    }
}
