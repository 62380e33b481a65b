import FeedImport
import Foundation
import PlumageCore
import Testing

@Suite struct PhotoFolderSourceTests {
    @Test func aFolderOfPlacesDumpsItsPhotosNewestFirstAndItsPlacesAsSections() throws {
        let tree = try PlaceTree(["old.jpg", "Rome/b.jpg", "Rome/a.jpg", "Trips/Kyoto/k.jpg"])
        try tree.write("Rome/dated.jpg", try jpegTaken("2019:05:17 09:41:07"))
        try tree.touch("old.jpg", seconds: 1_000_000_000)
        try tree.touch("Rome/a.jpg", seconds: 1_600_000_000)
        try tree.touch("Rome/b.jpg", seconds: 1_600_000_060)
        try tree.touch("Rome/dated.jpg", seconds: 1_700_000_000)
        try tree.touch("Trips/Kyoto/k.jpg", seconds: 1_650_000_000)
        let name = String(tree.root.split(separator: "/").last!)
        let r = tree.root
        let json = DumpEncoder.encode(PhotoFolderSource.load(path: tree.root))
        let media = #","kind":"post","text":"#
        #expect(json == """
            {"source":{"kind":"photo-folder","title":"\(name)","owner":null},
            "sections":[{"name":"Rome","count":3},{"name":"Trips/Kyoto","count":1},{"name":"\(name)","count":1}],
            "items":[
            {"id":"Trips/Kyoto/k.jpg","date":"2022-04-15T05:20:00Z","author":{"name":"Kyoto","handle":"","avatar":null}\(media)"k.jpg","entities":[],"media":[{"type":"photo","path":"\(r)/Trips/Kyoto/k.jpg","width":5,"height":4}]},
            {"id":"Rome/b.jpg","date":"2020-09-13T12:27:40Z","author":{"name":"Rome","handle":"","avatar":null}\(media)"b.jpg","entities":[],"media":[{"type":"photo","path":"\(r)/Rome/b.jpg","width":5,"height":4}]},
            {"id":"Rome/a.jpg","date":"2020-09-13T12:26:40Z","author":{"name":"Rome","handle":"","avatar":null}\(media)"a.jpg","entities":[],"media":[{"type":"photo","path":"\(r)/Rome/a.jpg","width":5,"height":4}]},
            {"id":"Rome/dated.jpg","date":"2019-05-17T09:41:07Z","author":{"name":"Rome","handle":"","avatar":null}\(media)"dated.jpg","entities":[],"media":[{"type":"photo","path":"\(r)/Rome/dated.jpg","width":5,"height":4}]},
            {"id":"old.jpg","date":"2001-09-09T01:46:40Z","author":{"name":"\(name)","handle":"","avatar":null}\(media)"old.jpg","entities":[],"media":[{"type":"photo","path":"\(r)/old.jpg","width":5,"height":4}]}
            ]}

            """)
        let source = PhotoFolderSource.load(path: tree.root)
        #expect(source.sections.map(\.itemIndices) == [[1, 2, 3], [0], [4]])
        #expect(source.warnings == [])
    }

    @Test func theLimitsTheScanReachedAreWarnings() throws {
        let tree = try PlaceTree(["a.jpg", "l1/b.jpg", "l1/l2/c.jpg"])
        let source = PhotoFolderSource.load(path: tree.root, limits: .init(maxDepth: 1))
        #expect(source.items.map(\.id).sorted() == ["a.jpg", "l1/b.jpg"])
        #expect(source.warnings == [tree.root + ": Folders more than 1 levels deep were skipped"])
    }
}
