import Testing

@testable import FrameLens

/// The one Levenshtein distance, which the CLI's command suggestions and the index's noise tolerance share.
struct TextSimilarityTests {
    @Test(arguments: [
        ("", "", 0), ("", "grab", 4), ("grab", "", 4), ("grap", "grab", 1), ("indx", "index", 1),
        ("kitten", "sitting", 3), ("frame", "frame", 0), ("é", "e", 1),
    ])
    func editDistanceCountsInsertionsDeletionsAndSubstitutions(a: String, b: String, distance: Int) {
        #expect(TextSimilarity.editDistance(a, b) == distance)
        #expect(TextSimilarity.editDistance(b, a) == distance)
    }
}
