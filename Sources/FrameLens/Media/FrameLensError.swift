/// The shape every FrameLens error shares: a code to match on, the library's one-line message and the C
/// function that failed, if any.
///
/// Each domain has its own error struct (``MediaError``, ``AnalysisError``) so a `catch` can tell them
/// apart; what they have in common lives here once. `description` is the message, so an error prints as
/// the line the CLI shows.
public protocol FrameLensError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The type of this domain's codes.
    associatedtype Code: FrameLensErrorCode

    /// What went wrong.
    var code: Code { get }
    /// A one-line, human-readable explanation naming the problem.
    var message: String { get }
    /// The C function that failed, if any.
    var operation: String? { get }
}

extension FrameLensError {
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
