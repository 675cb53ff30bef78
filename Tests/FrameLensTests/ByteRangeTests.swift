import Testing

@testable import FrameLensServer

/// `Range` headers as RFC 9110 §14.1.2 reads them, at the edges of a file.
struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=-0", 100, ByteRange.Request.unsatisfiable),
        ("bytes=-1", 0, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("bytes=100-", 100, .unsatisfiable),
        ("bytes=99999999999999999999999-", 100, .unsatisfiable),
        ("bytes=-1", 100, .part(ByteRange(first: 99, last: 99))),
        ("bytes=-500", 100, .part(ByteRange(first: 0, last: 99))),
        ("bytes=-99999999999999999999999", 100, .part(ByteRange(first: 0, last: 99))),
        ("bytes=0-0", 100, .part(ByteRange(first: 0, last: 0))),
        ("bytes=99-", 100, .part(ByteRange(first: 99, last: 99))),
        ("bytes=10-99999999999999999999999", 100, .part(ByteRange(first: 10, last: 99))),
        ("bytes=5-3", 100, .whole),
        ("bytes=+5-9", 100, .whole),
        ("bytes=-", 100, .whole),
        ("bytes=0-1,5-6", 100, .whole),
        ("items=0-1", 100, .whole),
    ])
    func readsTheEdges(header: String, size: Int, expected: ByteRange.Request) {
        #expect(ByteRange.request(header, size: size) == expected)
    }

    @Test func noHeaderIsTheWholeFile() {
        #expect(ByteRange.request(nil, size: 100) == .whole)
    }
}
