import Imaging
import PlumageCore
import Testing

@Suite struct PlaceCatalogTests {
    typealias F = PlaceFixtures

    @Test func mostPhotosFirstThenNamesInNaturalOrderThenParents() {
        var catalog = PlaceCatalog(rootPath: "/photos")
        catalog.apply(F.batch([
            ("2021/trip 10", F.numbered(2)), ("2021/Trip 9", F.numbered(2)), ("", F.numbered(1)),
            ("2022/Rome", F.numbered(5)), ("2021/Rome", F.numbered(5)), ("Zoo", F.numbered(7)),
        ], final: true))
        #expect(catalog.order.map { catalog.places[$0].folder } == [
            "Zoo", "2021/Rome", "2022/Rome", "2021/Trip 9", "2021/trip 10", "",
        ])
        #expect(catalog.photoCount == 22)
        #expect(catalog.isComplete)
        let root = catalog.places[catalog.id(ofFolder: "")!]
        #expect(root.name == "photos")
        #expect(root.parent == "")
        #expect(root.path == "/photos")
        let rome = catalog.places[catalog.id(ofPath: "/photos/2022/Rome")!]
        #expect((rome.name, rome.parent, rome.path) == ("Rome", "2022", "/photos/2022/Rome"))
        #expect(catalog.id(ofPath: "/elsewhere/2022/Rome") == nil)
    }

    @Test func batchesGrowPlacesAndMoveThemUp() {
        var catalog = PlaceCatalog(rootPath: "/p")
        catalog.apply(F.batch([("a", F.numbered(3)), ("b", F.numbered(2)), ("c", F.numbered(1))]))
        #expect(catalog.order.map { catalog.places[$0].name } == ["a", "b", "c"])
        #expect(!catalog.isComplete)
        // c grows past a, b ties a (names decide), a new place d slots in by its count.
        catalog.apply(F.batch([("c", F.numbered(4, from: 2)), ("b", F.numbered(1, from: 3)), ("d", F.numbered(2))],
                              total: 13))
        #expect(catalog.order.map { catalog.places[$0].name } == ["c", "a", "b", "d"])
        #expect(catalog.places[catalog.id(ofFolder: "c")!].photos.map(\.name) == F.numbered(5))
        #expect(catalog.photoCount == 13)
        #expect(catalog.places.map(\.folder) == ["a", "b", "c", "d"], "ids are the order of discovery")
    }

    @Test func aNewerScanStartsAgainAndAnOlderOneIsIgnored() {
        var catalog = PlaceCatalog(rootPath: "/p")
        catalog.apply(F.batch([("a", F.numbered(3))], generation: 2))
        let tookOld = catalog.apply(F.batch([("old", F.numbered(9))], generation: 1))
        #expect(!tookOld)
        #expect(catalog.places.map(\.folder) == ["a"])
        let tookNew = catalog.apply(F.batch([("b", F.numbered(1))], generation: 3))
        #expect(tookNew)
        #expect(catalog.places.map(\.folder) == ["b"])
        #expect(catalog.photoCount == 1)
        #expect(catalog.generation == 3)
    }

    @Test func headersRefineTheDateRange() {
        var catalog = PlaceCatalog(rootPath: "/p")
        catalog.apply(F.batch([("a", F.numbered(3))]))
        let id = catalog.id(ofFolder: "a")!
        // File times: 1, 2 and 3 March 2021.
        #expect(catalog.places[id].dateRange == Timestamp(seconds: F.firstDay)...Timestamp(seconds: F.firstDay + 2 * 86_400))
        let taken = Timestamp(year: 2019, month: 7, day: 4, hour: 10)
        catalog.apply(PhotoHeaderBatch(folder: "/p/a", headers: [
            PhotoHeader(index: 2, name: "IMG_3.jpg", size: PixelSize(width: 40, height: 30), taken: taken),
            PhotoHeader(index: 1, name: "stale.jpg", size: nil, taken: Timestamp(year: 1990, month: 1, day: 1)),
        ]))
        let place = catalog.places[id]
        #expect(place.dateRange == taken...Timestamp(seconds: F.firstDay + 86_400))
        #expect(place.photos[2].size == PixelSize(width: 40, height: 30))
        #expect(place.photos[2].headerRead)
        #expect(!place.photos[1].headerRead, "a result whose name does not match its index is dropped")
    }

    @Test func reorderingTwoThousandPlacesIsAMergeNotASort() {
        // 2,000 places of one photo, then each batch grows a few: the order must stay exact.
        var catalog = PlaceCatalog(rootPath: "/p")
        catalog.apply(F.batch((0..<2000).map { ("f\($0)", ["a.jpg"]) }))
        for round in 1...20 {
            catalog.apply(F.batch([("f\(round * 97 % 2000)", F.numbered(round))]))
        }
        let counts = catalog.order.map { catalog.places[$0].photos.count }
        #expect(counts == counts.sorted(by: >))
        #expect(catalog.places[catalog.order[0]].folder == "f\(20 * 97 % 2000)")
        let singles = catalog.order.filter { catalog.places[$0].photos.count == 1 }.map { catalog.places[$0].name }
        #expect(singles == singles.sorted(by: NaturalOrder.areInIncreasingOrder))
        #expect(singles.prefix(3) == ["f0", "f1", "f2"])
    }
}
