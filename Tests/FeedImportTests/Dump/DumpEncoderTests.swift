import FeedImport
import PlumageCore
import Testing

private let source = FeedSource(
    kind: .jsonFeed, title: "T \"q\"", owner: nil,
    sections: [Section(name: "Timeline", itemIndices: [0]), Section(name: "Media", itemIndices: [])],
    items: [
        Item(
            id: "1588091220244369409", date: Timestamp(year: 2023, month: 8, day: 12, hour: 16, minute: 10, second: 37),
            author: Author(name: "Ada", handle: "ada", avatar: .file("/a/ada.jpg")), kind: .reply,
            text: "hi #x\n\ttab\u{1}",
            entities: [Entity(kind: .hashtag, text: "#x", start: 3, end: 5, target: "x")],
            media: [Media(kind: .photo, locator: nil, width: 1200, height: 900)])
    ])

@Test func dumpMatchesTheSpecShapeExactly() {
    #expect(DumpEncoder.encode(source) == """
        {"source":{"kind":"json-feed","title":"T \\"q\\"","owner":null},
        "sections":[{"name":"Timeline","count":1},{"name":"Media","count":0}],
        "items":[
        {"id":"1588091220244369409","date":"2023-08-12T16:10:37Z","author":{"name":"Ada","handle":"ada","avatar":"/a/ada.jpg"},\
        "kind":"reply","text":"hi #x\\n\\ttab\\u0001","entities":[{"type":"hashtag","text":"#x","start":3,"end":5,"target":"x"}],\
        "media":[{"type":"photo","path":null,"width":1200,"height":900}]}
        ]}

        """)
}

@Test func undatedItemsDumpANullDateAndTheProblem() {
    let author = Author(name: "Ada", handle: "ada")
    let undated = FeedSource(
        kind: .jsonFeed, title: "U", owner: nil, sections: [Section(name: "Timeline", itemIndices: [0, 1])],
        items: [
            Item(id: "bad", date: nil, dateProblem: "date_published 'garbage' is not an RFC 3339 date", author: author, text: "a"),
            Item(id: "none", date: nil, author: author, text: "b"),
        ])
    #expect(DumpEncoder.encode(undated) == """
        {"source":{"kind":"json-feed","title":"U","owner":null},
        "sections":[{"name":"Timeline","count":2}],
        "items":[
        {"id":"bad","date":null,"date_problem":"date_published 'garbage' is not an RFC 3339 date",\
        "author":{"name":"Ada","handle":"ada","avatar":null},"kind":"post","text":"a","entities":[],"media":[]},
        {"id":"none","date":null,"author":{"name":"Ada","handle":"ada","avatar":null},"kind":"post","text":"b","entities":[],"media":[]}
        ]}

        """)
    // The text dump's date column.
    #expect(undated.items.map(\.dateDescription) == ["no date (date_published 'garbage' is not an RFC 3339 date)", "no date"])
    #expect(source.items[0].dateDescription == "2023-08-12T16:10:37Z")
}

@Test func dumpOfAnEmptySourceWithOwner() {
    let empty = FeedSource(
        kind: .demo, title: "D", owner: Author(name: "O", handle: "o", avatar: .file("/x")),
        sections: [Section(name: "Timeline", itemIndices: [])], items: [])
    #expect(DumpEncoder.encode(empty) == """
        {"source":{"kind":"demo","title":"D","owner":{"name":"O","handle":"o"}},
        "sections":[{"name":"Timeline","count":0}],
        "items":[]}

        """)
}

@Test func quotedEscapesOnlyWhatJSONRequires() {
    #expect(DumpEncoder.quoted("a\"b\\c/é👨‍👩‍👧\r\u{8}\u{C}\u{1F}") == #""a\"b\\c/é👨‍👩‍👧\r\b\f\u001F""#)
}

@Test func dumpRoundTripsThroughTheParser() throws {
    let feed = try JSONFeedReader.read(path: FixturePaths.path("extension.json"), topLevelDomains: FixturePaths.topLevelDomains)
    let parsed = try JSONParser.parse(Array(DumpEncoder.encode(feed).utf8))
    #expect(parsed["source"]?["kind"]?.string == "json-feed")
    #expect(parsed["source"]?["owner"]?["handle"]?.string == "adapark")
    #expect(parsed["sections"]?.array?.map { $0["count"]?.int } == [3, 2, 1])
    let items = parsed["items"]?.array ?? []
    #expect(items.map { $0["id"]?.string } == feed.items.map(\.id))
    for (json, item) in zip(items, feed.items) {
        #expect(json["text"]?.string == item.text)
        #expect(json["date"] == item.date.map { .string($0.iso8601) } ?? .null)
        #expect(json["author"]?["avatar"] == (item.author.avatar?.path.map(JSONValue.string) ?? .null))
        for e in json["entities"]?.array ?? [] {
            let text = e["text"]?.string ?? ""
            #expect(slice(item.text, Entity(kind: .url, text: text, start: e["start"]?.int ?? 0, end: e["end"]?.int ?? 0, target: "")) == text)
        }
    }
    #expect(items[1]["media"]?.array?.map { $0["path"] == .null } == [false, true, true, false, true])
}
