import PlumageCore
import Testing

@Test(arguments: [("みんな", "q9jyb4c"), ("テスト", "zckzah"), ("中国", "fiqs8s"), ("bücher", "bcher-kva"), ("рф", "p1ai")])
func punycodeRoundTrips(_ unicode: String, _ ascii: String) {
    #expect(Punycode.encode(unicode) == ascii)
    #expect(Punycode.decode(ascii) == unicode)
}

@Test func punycodeRejectsGarbage() {
    #expect(Punycode.decode("はじめ") == nil)
    #expect(Punycode.decode("a-!") == nil)
}

@Test func publicSuffixListRulesNameTheirLastLabel() {
    let list = """
        // ===BEGIN ICANN DOMAINS===
        com
        co.uk
        *.ck
        !www.ck

        // xn--q9jyb4c (Japanese "minna")
        みんな
        blogspot.example.zz  trailing words are ignored
        """
    let domains = TopLevelDomains(publicSuffixList: list)
    for name in ["com", "uk", "ck", "みんな", "xn--q9jyb4c", "zz", "COM", "XN--Q9JYB4C"] {
        #expect(domains.contains(name), "\(name)")
    }
    for name in ["co", "www", "blogspot", "", "//", "ignored"] { #expect(!domains.contains(name), "\(name)") }
}

@Test func namesAreKnownInBothSpellings() {
    let domains = TopLevelDomains(["xn--p1ai", "DE"])
    #expect(domains.contains("рф") && domains.contains("РФ") && domains.contains("xn--p1ai") && domains.contains("de"))
    #expect(domains.count == 3)
    #expect(domains.longestName == 8)
}
