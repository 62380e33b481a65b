import Testing

@testable import FeedImport

/// Documents of each kind, with the prologs, BOMs and whitespace servers send.
@Test(arguments: [
    ("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>", FeedFormat.rss),
    ("\u{FEFF}  \n<?xml version=\"1.0\" encoding=\"utf-8\"?><?xml-stylesheet href=\"s.xsl\"?><!-- c --><rss/>", .rss),
    ("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"></rdf:RDF>", .rss),
    ("<?xml version=\"1.0\"?><!DOCTYPE feed [<!ENTITY a \"b\">]><feed xmlns=\"http://www.w3.org/2005/Atom\"/>", .atom),
    ("<atom:feed xmlns:atom=\"http://www.w3.org/2005/Atom\"/>", .atom),
    ("  {\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": []}", .jsonFeed),
    ("{\"items\": [], \"version\": \"https://jsonfeed.org/version/1\"}", .jsonFeed),
    ("{\"name\": \"not a feed\"}", .unknown),
    ("<!DOCTYPE html><html><head><title>x</title></head></html>", .html),
    ("\n\n<!doctype HTML>\n<p>hi", .html),
    ("<HTML><BODY>old</BODY></HTML>", .html),
    ("<!-- generated --><head><link rel=alternate></head>", .html),
    ("<note>xml but no feed</note>", .unknown),
    ("plain text", .unknown),
    ("", .unknown),
    ("   \n\t", .unknown),
])
func documentsAreSniffedByContent(_ text: String, _ format: FeedFormat) {
    #expect(FeedSniffer.format(of: Array(text.utf8)) == format)
}

@Test func utf16DocumentsWithABOMAreSniffed() {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"/>"
    let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(FeedSniffer.format(of: little) == .atom)
    #expect(FeedSniffer.format(of: big) == .atom)
}
