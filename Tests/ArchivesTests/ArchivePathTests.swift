import Archives
import Testing

@Suite struct ArchivePathTests {
    @Test func confinedNames() {
        for name in ["a", "data/tweets.js", "...", "a/...b/c", ".hidden", "a/.b", "é/日本.jpg"] {
            #expect(ArchivePath.isConfined(name), "\(name)")
        }
        for name in [
            "", "/", "/etc/passwd", "..", ".", "../a", "a/..", "a/../b", "a/./b", "./a", "a//b", "a/", "a\\b", "a\0b",
        ] {
            #expect(!ArchivePath.isConfined(name), "\(name)")
        }
    }

    @Test func dotSegmentsAreNormalisedAndOnlyNamesLeavingTheRootRefused() {
        let kept: [(String, String)] = [
            ("data/tweets.js", "data/tweets.js"), ("data/./tweets.js", "data/tweets.js"),
            ("./data/tweets.js", "data/tweets.js"), ("data//tweets.js", "data/tweets.js"),
            ("a/../b", "b"), ("a/b/../../c/./d", "c/d"), ("./.hidden", ".hidden"), ("...", "..."),
        ]
        for (name, normal) in kept { #expect(ArchivePath.normalised(name) == normal, "\(name)") }
        for name in ["", ".", "./", "..", "../a", "a/../..", "a/../../b", "/etc/passwd", "a\\b", "a\0b", "a/.."] {
            #expect(ArchivePath.normalised(name) == nil, "\(name)")
        }
    }

    @Test func byteOrder() {
        #expect(
            ArchivePath.sortedBytewise(["b", "a/b", "B", "é", "a", "a-b", ""]) == [
                "", "B", "a", "a-b", "a/b", "b", "é",
            ])
    }
}
