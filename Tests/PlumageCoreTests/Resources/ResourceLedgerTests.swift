import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The resource ledger: what a frame shows and what comes next become loads with ids and
/// priorities, stale loads are cancelled, statuses change only through news, and a failure's icon
/// is decided here. Every expected value is written out by hand.
@Suite struct ResourceLedgerTests {
    func image(_ name: String, _ side: Int = 40) -> ImageRequest {
        ImageRequest(source: .file("/photos/\(name).jpg"), size: PixelSize(width: side, height: side))
    }

    /// The loads among `effects` as "id name priority" strings.
    func loads(_ effects: [Effect]) -> [String] {
        effects.flatMap { effect -> [String] in
            guard case let .loadImages(requests) = effect else { return [] }
            return requests.map { "\($0.id.value) \($0.image.source.description.dropFirst(8).dropLast(4)) \($0.priority)" }
        }
    }

    /// The ids among `effects`' cancels.
    func cancels(_ effects: [Effect]) -> [Int] {
        effects.flatMap { effect -> [Int] in
            guard case let .cancelImages(ids) = effect else { return [] }
            return ids.map(\.value)
        }
    }

    @Test func newImagesAreLoadedOnceOnScreenFirstThenNearestFirst() {
        var ledger = ResourceLedger()
        let upcoming = (1...6).map { image("next\($0)") }
        let effects = ledger.want(shown: [image("a"), image("b")], upcoming: upcoming)
        #expect(loads(effects) == ["1 a 10", "2 b 10", "3 next1 9", "4 next2 9", "5 next3 9", "6 next4 9",
                                   "7 next5 8", "8 next6 8"])
        #expect(ledger.status(of: image("a")) == .loading && ledger.loadingCount == 8)
        #expect(ledger.want(shown: [image("a"), image("b")], upcoming: upcoming).isEmpty, "asked once")
    }

    @Test func anImageComingOnScreenIsAskedForAgainAtTheHigherPriorityUnderItsId() {
        var ledger = ResourceLedger()
        _ = ledger.want(shown: [image("a")], upcoming: [image("b")])
        #expect(loads(ledger.want(shown: [image("a"), image("b")], upcoming: [])) == ["2 b 10"])
        #expect(ledger.want(shown: [], upcoming: [image("b")]).isEmpty, "a lower priority asks nothing")
    }

    @Test func aLoadNoFrameWantsForThirtyFramesIsCancelledAndForgotten() {
        var ledger = ResourceLedger()
        _ = ledger.want(shown: [image("a"), image("b")], upcoming: [])
        ledger.apply(ResourceID(2), .ready(PixelSize(width: 40, height: 40)))
        // Frame 1 wanted them; frames 2…31 do not: the load is still young enough through frame 31.
        for frame in 2...31 {
            #expect(ledger.want(shown: [], upcoming: []).isEmpty, "frame \(frame)")
        }
        let effects = ledger.want(shown: [], upcoming: [])  // frame 32: last wanted 31 frames ago
        #expect(cancels(effects) == [1])
        #expect(ledger.status(of: image("a")) == nil)
        #expect(ledger.status(of: image("b")) == .ready(PixelSize(width: 40, height: 40)), "ready images stay")
        #expect(loads(ledger.want(shown: [image("a")], upcoming: [])) == ["3 a 10"], "wanted again: a new id")
        // A late answer about the cancelled id is dropped.
        ledger.apply(ResourceID(1), .ready(PixelSize(width: 40, height: 40)))
        #expect(ledger.status(of: image("a")) == .loading)
    }

    @Test func newsChangesStatusesAndReleasedPixelsAreAskedForAgain() {
        var ledger = ResourceLedger()
        _ = ledger.want(shown: [image("a"), image("b")], upcoming: [])
        ledger.apply(ResourceID(1), .ready(PixelSize(width: 40, height: 40)))
        ledger.apply(ResourceID(2), .failed(.notAnImage))
        #expect(ledger.status(of: image("a")) == .ready(PixelSize(width: 40, height: 40)))
        #expect(ledger.status(of: image("b")) == .failed(.notAnImage))
        #expect(ledger.loadingCount == 0)
        #expect(ledger.want(shown: [image("a"), image("b")], upcoming: []).isEmpty, "a failure is not retried")
        ledger.apply(ResourceID(1), .released)
        #expect(ledger.status(of: image("a")) == nil)
        #expect(loads(ledger.want(shown: [image("a"), image("b")], upcoming: [])) == ["3 a 10"])
        ledger.apply(ResourceID(99), .failed(.truncated))
        #expect(ledger.entries.count == 2, "news about an unknown id changes nothing")
    }

    @Test func pastTheFailureLimitEveryFailureIsForgottenAndRetried() {
        var ledger = ResourceLedger()
        let many = (0...ResourceLedger.failureLimit).map { image("f\($0)") }
        _ = ledger.want(shown: many, upcoming: [])
        for id in 1..<many.count { ledger.apply(ResourceID(id), .failed(.truncated)) }
        #expect(ledger.entries.count == 4097 && ledger.status(of: many[0]) == .failed(.truncated))
        ledger.apply(ResourceID(many.count), .failed(.truncated))  // the 4,097th failure
        #expect(ledger.entries.isEmpty)
        #expect(loads(ledger.want(shown: [many[0]], upcoming: [])) == ["4098 f0 10"])
    }

    @Test func aFailedImageGetsItsIconCentredAtAThirdOfItsShorterSide() {
        var ledger = ResourceLedger()
        let broken = image("broken"), fine = image("fine")
        let frame = Frame(commands: [
            .image(broken, Rect(x: 10, y: 20, width: 90, height: 60), placeholder: .white, failureIcon: .black),
            .image(fine, Rect(x: 0, y: 0, width: 5, height: 5), placeholder: nil, failureIcon: .black),
        ])
        _ = ledger.want(frame, ahead: Lookahead())
        #expect(ledger.resolved(frame, scale: .one, at: 0).textDump == frame.textDump, "loading: as the screen drew it")
        ledger.apply(ResourceID(1), .failed(.notAnImage))
        // 90×60 at (10, 20): side 60 / 3 = 20, at x 10 + (90 − 20) / 2 = 45, y 20 + (60 − 20) / 2 = 40.
        let resolved = ledger.resolved(frame, scale: .one, at: 0).commands
        #expect(resolved.count == 3)
        #expect(resolved[0] == .image(broken, Rect(x: 10, y: 20, width: 90, height: 60), placeholder: .white,
                                      failureIcon: nil))
        #expect(resolved[1] == .icon(.brokenImage, Rect(x: 45, y: 40, width: 20, height: 20), .black))
        #expect(resolved[2] == frame.commands[1])
        // At 2 pixels per point the rectangle is 180×120 pixels at (20, 40): side 40 at (90, 80),
        // which is (45, 40, 20, 20) in points again.
        let hidpi = ledger.resolved(frame, scale: DisplayScale(2), at: 0).commands
        #expect(hidpi[1] == .icon(.brokenImage, Rect(x: 45, y: 40, width: 20, height: 20), .black))
    }

    @Test func theAppRecordsItsFramesImagesAndHearsTheirNews() {
        var app = AppState.feed(Fixtures.source(count: 30))
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        let m = MonospaceMeasurer(advance: 8, lineHeight: 20)
        let frame = app.updatedFrame(at: 0, measurer: m)
        let effects = app.want(frame, ahead: app.lookahead(at: 0, measurer: m, statistics: nil))
        guard case let .loadImages(requests)? = effects.first else {
            Issue.record("no loads: \(effects)")
            return
        }
        // The backdrop is the frame's first command, so the first load, on screen.
        #expect(requests.first?.image == frame.shownImages.first && requests.first?.priority == 10)
        #expect(requests.first?.image.source.description.hasSuffix(app.theme.backgroundImage) == true)
        let backdrop = requests[0]
        #expect(app.handle(.resource(backdrop.id, .ready(PixelSize(width: 800, height: 600))), at: 0) == [])
        #expect(app.resources.status(of: backdrop.image) == .ready(PixelSize(width: 800, height: 600)))
        let again = app.updatedFrame(at: 0, measurer: m)
        #expect(app.want(again, ahead: app.lookahead(at: 0, measurer: m, statistics: nil)).isEmpty, "nothing new to ask for")
    }
}

