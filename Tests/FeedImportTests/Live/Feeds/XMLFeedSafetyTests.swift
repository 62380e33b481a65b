import Foundation
import PlumageCore
import Testing

@testable import FeedImport

/// Everything a read feed shows: title, warnings and every item as `dump` prints it.
private func everything(_ feed: XMLFeed) -> String {
    DumpEncoder.encode(feed.source) + feed.source.warnings.joined(separator: "\n") + (feed.nextPage ?? "")
}

/// The first line of this machine's /etc/passwd (`root:x:0:0:…`): what an XXE would leak.
private func passwdLine() throws -> String {
    let line = try String(contentsOfFile: "/etc/passwd", encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
    #expect(line.hasPrefix("root:"))
    return line
}

@Test(arguments: [
    // a general external entity used in content and in an attribute-free title
    """
    <?xml version="1.0"?>
    <!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>
    <rss version="2.0"><channel><title>t &x;</title>
    <item><guid>1</guid><title>a &x; b</title><description>&x;</description></item></channel></rss>
    """,
    // an external parameter entity, expanded inside the DTD
    """
    <?xml version="1.0"?>
    <!DOCTYPE rss [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>
    <rss version="2.0"><channel><title>t</title><item><guid>1</guid><description>d</description></item></channel></rss>
    """,
    // an external DTD
    """
    <?xml version="1.0"?>
    <!DOCTYPE rss SYSTEM "file:///etc/passwd">
    <rss version="2.0"><channel><title>t</title><item><guid>1</guid><description>d</description></item></channel></rss>
    """,
])
func externalEntitiesAreNeverLoaded(_ xml: String) throws {
    let secret = try passwdLine()
    do {
        let feed = try readXMLFeed(xml)
        #expect(!everything(feed).contains("root:"))
        #expect(!everything(feed).contains(secret))
    } catch {
        #expect(!error.description.contains("root:"), "\(error)")
    }
}

@Test func billionLaughsEndsWithAnErrorOrBoundedText() {
    var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY lol \"lol\">\n"
    for i in 1...9 {
        let previous = i == 1 ? "lol" : "lol\(i - 1)"
        xml += "<!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
    }
    xml += "]>\n<rss version=\"2.0\"><channel><title>&lol9;</title><item><guid>1</guid><description>&lol9;</description></item></channel></rss>"
    do {
        let feed = try readXMLFeed(xml)
        #expect(everything(feed).utf8.count < 1 << 20)
    } catch {
        #expect(error.reason.hasPrefix("malformed XML at line"), "\(error)")
    }
}

/// An RSS document of `count` items whose descriptions hold `filler` bytes each.
private func bigFeed(items count: Int, filler: Int) -> [UInt8] {
    var bytes = Array("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Big</title>".utf8)
    let body = Array(repeating: UInt8(ascii: "a"), count: filler)
    for i in 0..<count {
        bytes += Array("<item><guid>\(i)</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate><description>".utf8)
        bytes += body
        bytes += Array("</description></item>".utf8)
    }
    return bytes + Array("<atom:link xmlns:atom=\"http://www.w3.org/2005/Atom\" rel=\"next\" href=\"?p=2\"/></channel></rss>".utf8)
}

@Test func aThirtyMiBFeedIsRefusedBeforeParsing() {
    let bytes = bigFeed(items: 30, filler: 1 << 20)
    #expect(bytes.count > 30 << 20)
    #expect(throws: SourceError(.invalidFeed, path: "https://example.org/big.xml", reason: "larger than 16 MiB, not read")) {
        try XMLFeedReader.read(bytes, url: "https://example.org/big.xml", topLevelDomains: FixturePaths.topLevelDomains)
    }
}

@Test func manyItemsStopAtTheCapAndTheNextLinkAfterThemIsStillFound() throws {
    let bytes = bigFeed(items: 5_000, filler: 3_000)  // about 15.6 MB
    #expect(bytes.count < XMLFeedReader.byteLimit)
    let feed = try XMLFeedReader.read(bytes, url: "https://example.org/big.xml", topLevelDomains: FixturePaths.topLevelDomains)
    #expect(feed.source.items.count == 1_000)
    #expect(feed.source.items.first?.id == "0")
    #expect(feed.source.warnings == ["https://example.org/big.xml: 5000 items, only the first 1000 read"])
    #expect(feed.nextPage == "https://example.org/big.xml?p=2")
}

@Test func aHugeDescriptionIsCutToTheTextCap() throws {
    let bytes = bigFeed(items: 1, filler: 8 << 20)  // libxml2 refuses text nodes over 10 MB without XML_PARSE_HUGE
    let feed = try XMLFeedReader.read(bytes, url: "https://example.org/big.xml", topLevelDomains: FixturePaths.topLevelDomains)
    let text = try #require(feed.source.items.first?.text)
    #expect(text.unicodeScalars.count == FieldLimits.text)
    #expect(text.hasSuffix("…"))
}
