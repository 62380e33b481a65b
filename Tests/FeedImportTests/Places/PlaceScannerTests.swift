@testable import FeedImport
import Foundation
import PlumageCore
import Testing

@Suite struct PlaceScannerTests {
    /// Every batch of a scan of `root` (generation 7).
    func batches(_ root: String, limits: PlaceScanner.Limits = .init(),
                 configure: (inout PlaceScanner) -> Void = { _ in }) -> [PlaceScanBatch] {
        var scanner = PlaceScanner(rootPath: root, limits: limits)
        configure(&scanner)
        var out: [PlaceScanBatch] = []
        scanner.scan(generation: 7) { out.append($0) }
        return out
    }

    /// The places of a scan: relative folder → photo names in order.
    func places(_ batches: [PlaceScanBatch]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for addition in batches.flatMap(\.additions) { out[addition.folder, default: []] += addition.photos.map(\.name) }
        return out
    }

    @Test func everyFolderHoldingPhotosIsAPlaceWithItsPhotosInNameOrder() throws {
        let tree = try PlaceTree(["a.jpg", "2021/Rome/IMG_10.jpg", "2021/Rome/IMG_2.jpg", "2021/Rome/notes.txt",
                                  "2021/Rome/IMG_1.PNG", "2021/empty/readme.md", "Lisbon/x.webp"])
        try tree.touch("a.jpg", seconds: 1_600_000_000)
        let found = batches(tree.root)
        #expect(places(found) == ["": ["a.jpg"], "2021/Rome": ["IMG_1.PNG", "IMG_2.jpg", "IMG_10.jpg"], "Lisbon": ["x.webp"]])
        #expect(found.last?.isFinal == true)
        #expect(found.dropLast().allSatisfy { !$0.isFinal })
        #expect(found.allSatisfy { $0.generation == 7 })
        #expect(found.last?.photoCount == 5)
        #expect(found.last?.limits == [])
        let root = found.flatMap(\.additions).first { $0.folder == "" }
        #expect(root?.photos.first?.modified == Timestamp(seconds: 1_600_000_000))
    }

    @Test func hiddenEntriesAndLinkedFoldersAreSkippedButLinkedPhotosCount() throws {
        let tree = try PlaceTree([".hidden/a.jpg", "b/.c.jpg", "b/d.jpg", "elsewhere/e.jpg"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: tree.root + "/linked", withDestinationPath: tree.root + "/elsewhere")
        try fm.createSymbolicLink(atPath: tree.root + "/b/alias.jpg", withDestinationPath: "d.jpg")
        try fm.createSymbolicLink(atPath: tree.root + "/b/loop", withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: tree.root + "/b/broken.jpg", withDestinationPath: "nowhere.jpg")
        #expect(places(batches(tree.root)) == ["b": ["alias.jpg", "d.jpg"], "elsewhere": ["e.jpg"]])
    }

    @Test func linkedPhotosLeadingOutOfTheRootAreNotListed() throws {
        let outside = try PlaceTree(["secret.jpg"])
        let tree = try PlaceTree(["in/a.jpg"])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: tree.root + "/in/shadow.jpg", withDestinationPath: "/etc/shadow")
        try fm.createSymbolicLink(atPath: tree.root + "/in/secret.jpg", withDestinationPath: outside.root + "/secret.jpg")
        let outsideName = (outside.root as NSString).lastPathComponent
        try fm.createSymbolicLink(atPath: tree.root + "/in/up.jpg", withDestinationPath: "../../\(outsideName)/secret.jpg")
        try fm.createSymbolicLink(atPath: tree.root + "/in/inside.jpg", withDestinationPath: "a.jpg")
        #expect(places(batches(tree.root)) == ["in": ["a.jpg", "inside.jpg"]])
        // Nor do they make a folder count as holding images.
        let flat = try PlaceTree(["notes.txt"])
        try fm.createSymbolicLink(atPath: flat.root + "/secret.jpg", withDestinationPath: outside.root + "/secret.jpg")
        #expect(PlaceScanner.survey(flat.root) == (hasSubfolders: false, hasImages: false))
        // A root given through a link still lists links inside it.
        let alias = outside.root + "-alias"
        try fm.createSymbolicLink(atPath: alias, withDestinationPath: tree.root)
        defer { try? fm.removeItem(atPath: alias) }
        #expect(places(batches(alias)) == ["in": ["a.jpg", "inside.jpg"]])
    }

    @Test func unreadableFoldersAreSkippedAndCountedInOneNotice() throws {
        let tree = try PlaceTree(["ok/a.jpg", "locked/b.jpg", "ok/locked/c.jpg", "gone/d.jpg"])
        // Tests run as root, who reads any folder: opening folders named "locked" fails as it would
        // for anyone else (EACCES), and "gone" as a folder removed since its parent was listed.
        let found = batches(tree.root) { scanner in
            scanner.openFolder = { path in
                switch (path as NSString).lastPathComponent {
                case "locked": errno = EACCES; return nil
                case "gone": errno = ENOENT; return nil
                default: return opendir(path)
                }
            }
        }
        #expect(places(found) == ["ok": ["a.jpg"]])
        #expect(found.last?.isFinal == true)
        #expect(found.last?.limits == [.unreadableFolders(2)])
        #expect(found.last?.limits.map(\.notice) == ["2 folders could not be read"])
        #expect(PlaceScanLimit.unreadableFolders(1).notice == "1 folder could not be read")
        #expect(PlaceScanLimit.unreadableFolders(12_345).notice == "12,345 folders could not be read")
        // A root that is no folder, or is missing, gives one empty final batch and no notice.
        for path in [tree.root + "/ok/a.jpg", tree.root + "/missing"] {
            let found = batches(path)
            #expect(found.count == 1)
            #expect(found.first?.isFinal == true)
            #expect(found.first?.additions.isEmpty == true)
            #expect(found.first?.limits == [])
        }
    }

    @Test func deepFoldersAndTooManyPhotosStopTheScanWithItsLimits() throws {
        let deep = try PlaceTree(["l1/top.jpg", "l1/l2/mid.jpg", "l1/l2/l3/deep.jpg"])
        let shallow = batches(deep.root, limits: .init(maxDepth: 2))
        #expect(places(shallow) == ["l1": ["top.jpg"], "l1/l2": ["mid.jpg"]])
        #expect(shallow.last?.limits == [.depth(2)])
        let many = try PlaceTree((1...6).map { "a/\($0).jpg" } + (1...6).map { "b/\($0).jpg" })
        let capped = batches(many.root, limits: .init(maxPhotos: 8))
        #expect(places(capped) == ["a": (1...6).map { "\($0).jpg" }, "b": ["1.jpg", "2.jpg"]])
        #expect(capped.last?.photoCount == 8)
        #expect(capped.last?.limits == [.photos(8)])
        #expect(capped.last?.isFinal == true)
    }

    @Test func photosComeInBatchesAsTheyAreFound() throws {
        let names = (1...600).map { String(format: "IMG_%04d.jpg", $0) }
        let tree = try PlaceTree(["a", "b", "c"].flatMap { folder in names.map { "\(folder)/\($0)" } })
        let found = batches(tree.root) { scanner in
            scanner.batchInterval = .seconds(3600)
            scanner.batchPhotos = 100
        }
        // The first photos at once, then a batch whenever 100 wait (folders are read 512 at a time).
        #expect(found.map { $0.additions.map { "\($0.folder):\($0.photos.count)" } } == [
            ["a:512"], ["a:88", "b:512"], ["b:88", "c:512"], ["c:88"],
        ])
        #expect(found.map(\.photoCount) == [512, 1112, 1712, 1800])
        #expect(found.map(\.isFinal) == [false, false, false, true])
        #expect(places(found) == ["a": names, "b": names, "c": names])
    }

    @Test func aCancelledScanStopsWithoutAFinalBatch() throws {
        let tree = try PlaceTree(["a/1.jpg", "b/1.jpg", "c/1.jpg"])
        let cancellation = ScanCancellation()
        var found: [PlaceScanBatch] = []
        var scanner = PlaceScanner(rootPath: tree.root)
        scanner.batchInterval = .zero
        scanner.scan(generation: 1, cancellation: cancellation) {
            found.append($0)
            cancellation.cancel()
        }
        #expect(found.count == 1)
        #expect(found.first?.isFinal == false)
    }

    @Test func aSurveyTellsSubFoldersAndImagesApart() throws {
        let flat = try PlaceTree(["a.jpg", "notes.txt", ".hidden/b.jpg"])
        #expect(PlaceScanner.survey(flat.root) == (hasSubfolders: false, hasImages: true))
        let nested = try PlaceTree(["x/a.jpg"])
        #expect(PlaceScanner.survey(nested.root) == (hasSubfolders: true, hasImages: false))
        let empty = try PlaceTree(["notes.txt"])
        #expect(PlaceScanner.survey(empty.root) == (hasSubfolders: false, hasImages: false))
    }
}
