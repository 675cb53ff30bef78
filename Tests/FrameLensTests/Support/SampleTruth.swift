import Foundation

/// `Samples/lecture.json`: what each slide of the sample shows, and when.
struct SampleTruth: Decodable {
    struct Slide: Decodable {
        struct Code: Decodable {
            let symbology: String
            let payload: String
        }

        let index: Int
        let startFrame: Int
        let endFrame: Int
        let start: Double
        let end: Double
        let lightOnDark: Bool
        let lines: [String]
        let text: String
        let codes: [Code]
        let detections: [String: [String]]

        /// A time in the middle of the slide.
        var middle: Double { (start + end) / 2 }
    }

    let fps: Int
    let frameCount: Int
    let duration: Double
    let slides: [Slide]

    static let sample: SampleTruth = {
        let url = TestMedia.repositoryRoot.appendingPathComponent("Samples/lecture.json")
        return try! JSONDecoder().decode(SampleTruth.self, from: Data(contentsOf: url))
    }()
}
