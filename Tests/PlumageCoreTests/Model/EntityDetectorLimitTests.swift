import PlumageCore
import PlumageTestSupport
import Testing

/// Huge texts: `EntityDetector` searches only their first `scanLimit` scalars.
@Suite struct EntityDetectorLimitTests {
    @Test func theScanLimitIs100000Scalars() {
        #expect(EntityDetector.scanLimit == 100_000)
    }

    @Test func hashtagsPastTheLimitAreNotFound() {
        // 1,000,000 scalars of "#tag ": 200,000 hashtags, of which the first 20,000 are searched.
        let text = String(repeating: "#tag ", count: 200_000)
        let found = Fixtures.detector.entities(in: text)
        #expect(found.count == 20_000)
        #expect(found.last?.end == 99_999)
    }

    @Test func anEntityCrossingTheLimitIsDropped() {
        // A hashtag that runs through the cut is not known whole.
        let text = String(repeating: "x ", count: 49_990) + "#" + String(repeating: "a", count: 100_000)
        let found = Fixtures.detector.entities(in: text)
        #expect(found.isEmpty)
    }

    @Test func oneHugeLinkIsNotFoundWhole() {
        let text = "see https://example.com/" + String(repeating: "p", count: 200_000)
        #expect(Fixtures.detector.entities(in: text).isEmpty)
        // Within the limit it is found as usual.
        let short = "see https://example.com/" + String(repeating: "p", count: 1_000) + " end"
        #expect(Fixtures.detector.entities(in: short).map(\.kind) == [.url])
    }

    @Test func textShorterThanTheLimitIsSearchedToItsEnd() {
        let text = String(repeating: "word ", count: 19_990) + "#last"
        #expect(Fixtures.detector.entities(in: text).map(\.text) == ["#last"])
    }
}
