@testable import FrameLensLibrary
import Testing

/// Typed text read as a search: phrases for the word index, CJK runs to find inside words.
struct SearchQueryTests {
    @Test(arguments: [
        ("Zero-width ranges", ["\"Zero-width\"", "\"ranges\""], [String]()),
        ("  RTLIL::IdString  ", ["\"RTLIL::IdString\""], []),
        ("\"netlist slide\" alpha", ["\"netlist slide\"", "\"alpha\""], []),
        ("\"netlist slide", ["\"netlist\"", "\"slide\""], []),
        ("Swift프로그래밍 入門", ["\"Swift\""], ["프로그래밍", "入門"]),
        ("キーボード、ソフト", [], ["キーボード", "ソフト"]),
        ("c++ -- !", ["\"c++\""], []),
    ])
    func typedTextIsPhrasesAndSubstrings(typed: String, phrases: [String], substrings: [String]) {
        let query = SearchQuery(text: typed)
        #expect(query.phrases == phrases)
        #expect(query.substrings == substrings)
    }

    @Test func punctuationAloneIsNothingToSearchFor() {
        #expect(SearchQuery(text: "++ -- “ ” ・ \"\"").isEmpty)
        #expect(SearchQuery(text: "a b").wordExpression == "\"a\" AND \"b\"")
    }
}

/// The snippet of a search inside CJK words: the first match with its context, every match in it marked.
struct SubstringSnippetTests {
    static let caption = "私はキーボードに取り組んでいるソフトウェアエンジニアです。"

    @Test func theFirstMatchWithSixteenCharactersEachSide() {
        #expect(SubstringSnippet.make(Self.caption, marking: ["キーボード"], with: "**") == "私は**キーボード**に取り組んでいるソフトウェアエン…")
        #expect(SubstringSnippet.make(Self.caption, marking: ["エンジニア"], with: "**") == "…ードに取り組んでいるソフトウェア**エンジニア**です。")
    }

    @Test func everyMatchInsideIsMarkedTheLongestWhereTwoStartTogether() {
        #expect(SubstringSnippet.make("ababa abc", marking: ["ab", "abc"], with: "[") == "[ab[[ab[a [abc[")
        #expect(SubstringSnippet.make("nothing here", marking: ["탐구"], with: "**") == "nothing here")
    }
}
