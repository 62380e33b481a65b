import FeedImport
import PlumageCore
import Testing

/// The Debian list (package `publicsuffix`, in the Makefile's APT_PACKAGES) is what links are checked against.
@Test func installedListKnowsRealTopLevelDomains() throws {
    let domains = try #require(try? PublicSuffixList.installed())
    for name in ["com", "org", "jp", "uk", "social", "みんな", "xn--q9jyb4c", "рф", "xn--p1ai", "中国"] {
        #expect(domains.contains(name), "\(name)")
    }
    for name in ["notatld", "bz2", "localhost", "example"] { #expect(!domains.contains(name), "\(name)") }
    #expect(domains.count > 1400)
}

@Test func installedListDetectsLinks() throws {
    let detector = EntityDetector(topLevelDomains: try #require(try? PublicSuffixList.installed()))
    #expect(
        detector.entities(in: "see example.community and file.tar.bz2 and twitter.みんな").map(\.text) == [
            "example.community", "twitter.みんな",
        ])
}

@Test func missingListSaysWhatToInstall() {
    do {
        _ = try PublicSuffixList.read(path: "/nonexistent/public_suffix_list.dat")
        Issue.record("no error")
    } catch {
        #expect(error.kind == .missingResources)
        #expect(
            error.description
                == "/nonexistent/public_suffix_list.dat: cannot read the public suffix list (install the publicsuffix package): No such file or directory"
        )
    }
}
