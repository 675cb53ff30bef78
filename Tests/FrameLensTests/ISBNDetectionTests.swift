import Foundation
import Testing
@testable import FrameLensDataDetection

/// ISBNs printed on a slide: ISBN-13 and ISBN-10, validated by their check digits.
struct ISBNDetectionTests {
    @Test(arguments: [
        ("ISBN 978-0-306-40615-7", ["isbn: 9780306406157"]),
        ("ISBN-13: 978 0 306 40615 7", ["isbn: 9780306406157"]),
        ("Book: 978-0-306-40615-7.", ["isbn: 9780306406157"]),
        ("ISBN-10: 0-306-40615-2", ["isbn: 0306406152"]),
        ("ISBN 0-8044-2957-X", ["isbn: 080442957X"]),
        ("ISBN 9780306406157", ["isbn: 9780306406157"]),
        ("ISBN 978-3-16-148410-0", ["isbn: 9783161484100"]),
    ])
    func findsValidISBNs(text: String, expected: [String]) {
        #expect(detectionSummary(text, kinds: [.isbn]) == expected)
    }

    @Test(arguments: [
        "ISBN 978-0-306-40615-8",  // wrong check digit
        "ISBN 0-306-40615-3",      // wrong check digit
        "Order 0306406152 today",  // ten digits without "ISBN"
        "9780306406157",           // thirteen digits, unhyphenated, without "ISBN"
        "ISBN 977-0-306-40615-7",  // not a book prefix
    ])
    func leavesOutWhatIsNoISBN(text: String) {
        #expect(detectionSummary(text, kinds: [.isbn]).isEmpty)
    }

    @Test func anISBNIsNotAPhoneNumberToo() {
        #expect(detectionSummary("ISBN 978-0-306-40615-7") == ["isbn: 9780306406157"])
    }

    @Test func grabFindsTheISBNOnASlide() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let video = try TestMedia.make("isbn-slide.mp4", [
            "-f", "lavfi", "-i", "color=c=white:s=1280x720:r=25:d=1", "-vf",
            "drawtext=fontfile=\(font):text='Further reading':fontsize=56:x=80:y=80,"
                + "drawtext=fontfile=\(font):text='ISBN 978-0-306-40615-7':fontsize=44:x=80:y=240",
            "-c:v", "libx264", "-pix_fmt", "yuv420p",
        ])
        let result = try Command.framelens(["grab", video, "--at", "0.5", "--json", "--types", "text,detectors"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.output)) as? [String: Any]
        let detections = (json?["detections"] as? [[String: Any]]) ?? []
        #expect(detections.map { $0["type"] as? String } == ["isbn"])
        #expect(detections.first?["value"] as? String == "9780306406157")
        #expect((detections.first?["attributes"] as? [String: String]) == ["format": "isbn13"])
    }
}
