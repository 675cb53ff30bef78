/// The library's tables: one row per video file, one per cue, and two FTS5 indexes of the cues' text.
///
/// `cue_text` (words) and `cue_grams` (trigrams, to find a part of a Chinese, Japanese or Korean word) are
/// external-content FTS5 tables over `cues`: the text is stored once, in `cues`, and triggers keep the indexes
/// in step with every insert and delete.
enum LibrarySchema {
    /// `PRAGMA application_id` of a FrameLens library ("FLLB"), so that another program's database is
    /// recognised and left alone.
    static let applicationID: Int64 = 0x464C_4C42
    /// `PRAGMA user_version`: the schema's version.
    static let version: Int64 = 2

    static let create = """
        CREATE TABLE videos (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            size INTEGER NOT NULL,
            modified INTEGER NOT NULL,
            hash TEXT NOT NULL,
            indexed_from REAL NOT NULL,
            indexed_to REAL NOT NULL,
            complete INTEGER NOT NULL,
            added INTEGER NOT NULL
        );
        CREATE INDEX videos_by_hash ON videos (hash);
        CREATE TABLE cues (
            id INTEGER PRIMARY KEY,
            video INTEGER NOT NULL REFERENCES videos (id),
            start_time REAL NOT NULL,
            end_time REAL NOT NULL,
            frame_time REAL NOT NULL,
            text TEXT NOT NULL
        );
        CREATE INDEX cues_by_video ON cues (video);
        \(textIndex("cue_text", triggers: "cues"))
        \(trigramIndex)
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(version);
        """

    /// The trigram index (schema 2).
    private static let trigramIndex = textIndex("cue_grams", triggers: "cues_grams", tokenize: "trigram")

    /// An external-content FTS5 index of the cues' text named `name`, and the triggers (`<triggers>_indexed`,
    /// `<triggers>_unindexed`) that keep it in step with every insert and delete.
    private static func textIndex(_ name: String, triggers: String, tokenize: String? = nil) -> String {
        let tokenizer = tokenize.map { ", tokenize = '\($0)'" } ?? ""
        return """
            CREATE VIRTUAL TABLE \(name) USING fts5 (text, content = 'cues', content_rowid = 'id'\(tokenizer));
            CREATE TRIGGER \(triggers)_indexed AFTER INSERT ON cues BEGIN
                INSERT INTO \(name) (rowid, text) VALUES (new.id, new.text);
            END;
            CREATE TRIGGER \(triggers)_unindexed AFTER DELETE ON cues BEGIN
                INSERT INTO \(name) (\(name), rowid, text) VALUES ('delete', old.id, old.text);
            END;
            """
    }

    /// What takes a library of an older schema to this one, run in one transaction: schema 1 gains the trigram
    /// index, filled from the cues it holds.
    static let upgrade = """
        \(trigramIndex)
        INSERT INTO cue_grams (cue_grams) VALUES ('rebuild');
        PRAGMA user_version = \(version);
        """
}
