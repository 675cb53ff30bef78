/// The shape every FrameLens error shares: a code to match on, the library's one-line message and the C
/// function that failed, if any.
///
/// Each domain names its own specialisation (``MediaError``, ``TimeError``, ``OutputError``, ``AnalysisError``,
/// `LibraryError`) with its own codes, so a `catch` can tell them apart. `description` is the message, so an
/// error prints as the line the CLI shows.
public struct FrameLensError<DomainCode: FrameLensErrorCode>: Error, Sendable, Equatable, CustomStringConvertible {
    /// The type of this domain's codes.
    public typealias Code = DomainCode

    /// What went wrong.
    public let code: Code
    /// A one-line, human-readable explanation naming the problem.
    public let message: String
    /// The C function that failed, if any.
    public let operation: String?

    /// An error with its code, its one-line message and the C function that failed, if any.
    public init(_ code: Code, _ message: String, operation: String? = nil) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// The error's message.
    public var description: String { message }
}

/// A code naming what went wrong, open to new members.
///
/// Like swift-system's `Errno`, a code is a struct with static members rather than an enum, so a later
/// release can add codes without breaking a caller's `switch`, which must therefore have a `default`.
/// Compare codes with `==` (`error.code == .stale`) or match them in a `switch`.
public protocol FrameLensErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {}

extension FrameLensErrorCode {
    /// The code's name, as spelled in Swift (`fileNotFound`).
    public var description: String { rawValue }
}
