internal import CSQLite

/// An error from SQLite: its primary result code, its own message, and the C function that returned it.
struct SQLiteError: Error {
    /// SQLite's primary result code (`SQLITE_ERROR`, `SQLITE_NOTADB`, ...), extended codes masked off.
    let code: Int32
    /// `sqlite3_errmsg`'s text, e.g. `fts5: syntax error near "x"` or `file is not a database`.
    let message: String
    let operation: String

    static let error = SQLITE_ERROR
    static let busy = SQLITE_BUSY
    static let corrupt = SQLITE_CORRUPT
    static let notADatabase = SQLITE_NOTADB
}

/// A value bound to a statement's parameter.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// An open SQLite database: the one owner of its connection, which `deinit` closes.
///
/// This file is FrameLens's only use of SQLite's C API: every call goes through `check`, which turns a
/// result code into an `SQLiteError`. Not `Sendable`: one task uses a connection at a time.
final class SQLiteDatabase {
    private let connection: OpaquePointer

    /// Opens (or creates) a database file. Opening does not read the file: a file that is not a database
    /// fails on the first statement, with `SQLITE_NOTADB`, and is not written.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - readOnly: open without writing; otherwise read-write, creating the file when missing.
    /// - Throws: `SQLiteError` when the file cannot be opened.
    init(path: String, readOnly: Bool) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard result == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            throw SQLiteError(code: result & 0xFF, message: message, operation: "sqlite3_open_v2")
        }
        connection = opened
        // A writer (another `library add`) holds the lock for one video's transaction at most: wait for it.
        sqlite3_busy_timeout(connection, 30_000)
        sqlite3_extended_result_codes(connection, 0)
    }

    deinit { sqlite3_close_v2(connection) }

    /// Runs statements without results (the schema, pragmas, `BEGIN`/`COMMIT`).
    /// The corresponding C function is `sqlite3_exec`.
    func execute(_ sql: String) throws(SQLiteError) {
        try check(sqlite3_exec(connection, sql, nil, nil, nil), "sqlite3_exec")
    }

    /// Compiles one statement.
    /// The corresponding C function is `sqlite3_prepare_v2`.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(connection, sql, -1, &statement, nil), "sqlite3_prepare_v2")
        return SQLiteStatement(statement!, database: self)
    }

    /// Runs `body` in one transaction: all of its changes are written, or (when it throws, or the process
    /// dies) none.
    func transaction<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws -> Value {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The row id of the last row inserted. The corresponding C function is `sqlite3_last_insert_rowid`.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(connection) }

    fileprivate func check(_ result: Int32, _ operation: String) throws(SQLiteError) {
        guard result != SQLITE_OK && result != SQLITE_ROW && result != SQLITE_DONE else { return }
        throw SQLiteError(code: result & 0xFF, message: String(cString: sqlite3_errmsg(connection)), operation: operation)
    }
}

/// A compiled statement: the one owner of its `sqlite3_stmt`, which `deinit` finalizes.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// Runs the statement with its parameters (`?1`, `?2`, ... in order), calling `row` for each result row.
    ///
    /// - Throws: `SQLiteError`, e.g. an FTS5 query's syntax error, which SQLite reports when stepping.
    func run(_ values: [SQLiteValue] = [], row: (SQLiteRow) throws -> Void = { _ in }) throws {
        try database.check(sqlite3_reset(statement), "sqlite3_reset")
        try database.check(sqlite3_clear_bindings(statement), "sqlite3_clear_bindings")
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let result =
                switch value {
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, framelens_SQLITE_TRANSIENT())
                case .null: sqlite3_bind_null(statement, index)
                }
            try database.check(result, "sqlite3_bind")
        }
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { break }
            try database.check(result, "sqlite3_step")
            try row(SQLiteRow(statement: statement))
        }
    }

    /// The rows of the statement, each made into a value.
    func rows<Value>(_ values: [SQLiteValue] = [], _ make: (SQLiteRow) throws -> Value) throws -> [Value] {
        var rows: [Value] = []
        try run(values) { rows.append(try make($0)) }
        return rows
    }
}

/// The current row of a statement, valid only inside the closure it is passed to: do not keep it.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// A column as an integer. The corresponding C function is `sqlite3_column_int64`.
    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    /// A column as a number. The corresponding C function is `sqlite3_column_double`.
    func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    /// A column as text ("" for NULL). The corresponding C function is `sqlite3_column_text`.
    func text(_ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }
}
