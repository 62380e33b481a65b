import URLs
import Testing

/// RFC 3986 §5.4's own examples are the oracle: every reference resolved against its base.
@Suite struct URIReferenceTests {
    static let base = "http://a/b/c/d;p?q"

    /// §5.4.1, "Normal Examples".
    static let normal: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"), ("..", "http://a/b/"),
        ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    /// §5.4.2, "Abnormal Examples" (strict parser for "http:g").
    static let abnormal: [(String, String)] = [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
        ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
    ]

    @Test(arguments: normal)
    func normalExamples(reference: String, expected: String) {
        #expect(URIReference.resolve(reference, against: Self.base) == expected)
    }

    @Test(arguments: abnormal)
    func abnormalExamples(reference: String, expected: String) {
        #expect(URIReference.resolve(reference, against: Self.base) == expected)
    }

    @Test func partsOfAnAbsoluteURL() {
        let url = URIReference(parsing: "https://user@[2001:db8::1]:8443/api/v1?limit=40#top")
        #expect(url.scheme == "https")
        #expect(url.authority == "user@[2001:db8::1]:8443")
        #expect(url.host == "2001:db8::1")
        #expect(url.path == "/api/v1")
        #expect(url.query == "limit=40")
        #expect(url.fragment == "top")
        #expect(URIReference(parsing: "http://127.0.0.1:8080").host == "127.0.0.1")
        #expect(URIReference(parsing: "http://127.0.0.1:8080").path == "")
        #expect(URIReference(parsing: "/relative/path").host == nil)
        #expect(URIReference(parsing: "1http://x").scheme == nil)
    }

    @Test func aRelativeReferenceAgainstAnAuthorityWithoutPath() {
        #expect(URIReference.resolve("feed.xml", against: "https://example.org") == "https://example.org/feed.xml")
        #expect(
            URIReference.resolve("?page=2", against: "https://example.org/blog/") == "https://example.org/blog/?page=2")
    }
}
