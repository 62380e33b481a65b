import Imaging
import PlumageCore
import PlumageTestSupport
import Testing

/// The core's side of the one effect sink: what the platform's answers do to the app, the effects
/// the core asks the platform for (saving the recently opened list, reading a source, remembering
/// a viewed photo), and the notices the core words from the platform's outcomes.
@Suite struct PlatformAnswersTests {
    let m = MonospaceMeasurer(advance: 8, lineHeight: 20)

    /// A platform that records what it was asked and answers from a script.
    struct ScriptedPlatform: Platform {
        /// Every batch of effects it performed, in order.
        var performed: [[Effect]] = []
        /// The events each effect is answered with.
        var answer: (Effect) -> [InputEvent] = { _ in [] }

        mutating func perform(_ effects: [Effect]) -> [InputEvent] {
            performed.append(effects)
            return effects.flatMap(answer)
        }
    }

    static func entry(_ name: String, _ kind: RecentEntry.Kind = .source, at seconds: Int64) -> RecentEntry {
        RecentEntry(kind: kind, path: "/home/u/\(name)", title: name, opened: Timestamp(seconds: seconds))
    }

    func makeApp() -> AppState {
        var app = AppState.feed(Fixtures.source(count: 6))
        app.fixedNow = Timestamp(seconds: 1_000)
        _ = app.handle(.resized(Size(width: 800, height: 600), .one), at: 0)
        _ = app.updatedFrame(at: 0, measurer: m, statistics: nil)
        return app
    }

    @Test func theListReadAtStartIsTakenWithItsNoticesAsOne() {
        var app = makeApp()
        let list = Recents([Self.entry("a.zip", at: 10), Self.entry("b.json", at: 20)])
        #expect(app.handle(.recentsLoaded(list, notices: ["settings.json was unusable", "recent.json was unreadable"]),
                           at: 1) == [])
        #expect(app.recents.entries.map(\.title) == ["b.json", "a.zip"])
        #expect(app.notice?.text == "settings.json was unusable; recent.json was unreadable")
        var quiet = makeApp()
        _ = quiet.handle(.recentsLoaded(list, notices: []), at: 1)
        #expect(quiet.notice == nil)
    }

    @Test func somethingOpenedGoesFirstAndTheListIsSavedOnce() {
        var app = makeApp()
        _ = app.handle(.recentsLoaded(Recents([Self.entry("a.zip", at: 10)]), notices: []), at: 0)
        let effects = app.handle(.recentOpened(Self.entry("cat.jpg", .photo, at: 50)), at: 1)
        #expect(effects.count == 1)
        guard case let .saveRecents(saved) = effects.first else { Issue.record("no save: \(effects)"); return }
        #expect(saved.entries.map(\.title) == ["cat.jpg", "a.zip"])
        #expect(app.recents.entries.map(\.title) == ["cat.jpg", "a.zip"])
    }

    @Test func forgettingAsksForExactlyOneSaveOfTheListWithoutTheEntry() {
        var app = makeApp()
        let a = Self.entry("a.zip", at: 10), b = Self.entry("b.json", at: 20)
        _ = app.handle(.recentsLoaded(Recents([a, b]), notices: []), at: 0)
        _ = app.handle(.key(.character("o"), .control), at: 1)
        _ = app.updatedFrame(at: 2, measurer: m, statistics: nil)
        // The newest (b.json) is the first row: choose it and press Delete.
        _ = app.handle(.key(.down, []), at: 3)
        var platform = ScriptedPlatform()
        app.handle(.key(.delete, []), at: 3, through: &platform)
        #expect(platform.performed.count == 1)
        let effects = platform.performed.first ?? []
        #expect(effects.count == 1)
        guard case let .saveRecents(saved) = effects.first else { Issue.record("no save: \(effects)"); return }
        #expect(saved.entries.map(\.title) == ["a.zip"])
        #expect(saved.forgotten.map(\.path) == ["/home/u/b.json"])
        #expect(!effects.contains { if case .forgetRecent = $0 { true } else { false } })
    }

    /// The photos the updates of a run ask the platform to remember.
    func remembered(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case let .rememberPhoto(photo) = $0 { photo.source?.description } else { nil } }
    }

    @Test func aViewedPhotoIsRememberedOncePerViewing() {
        var app = makeApp()
        let photos = [Photo(source: .file("/p/a.jpg"), title: "a.jpg"), Photo(source: .file("/p/b.jpg"), title: "b.jpg"),
                      Photo(source: nil, title: "gone.jpg")]
        #expect(remembered(app.step(at: 1, measurer: m).effects) == [])
        app.openPhotos(photos, at: 0, time: 1)
        #expect(remembered(app.step(at: 1.1, measurer: m).effects) == ["/p/a.jpg"])
        #expect(remembered(app.step(at: 1.2, measurer: m).effects) == [])
        #expect(remembered(app.step(at: 1.3, measurer: m).effects) == [])
        _ = app.handle(.key(.character("n"), []), at: 2)
        #expect(remembered(app.step(at: 2.1, measurer: m).effects) == ["/p/b.jpg"])
        // A photo without a file is not remembered.
        _ = app.handle(.key(.character("n"), []), at: 3)
        #expect(remembered(app.step(at: 3.1, measurer: m).effects) == [])
        // Back to the feed, then the same photo again: a new viewing.
        _ = app.handle(.key(.escape, []), at: 4)
        #expect(remembered(app.step(at: 9, measurer: m).effects) == [])
        app.openPhotos(photos, at: 0, time: 10)
        #expect(remembered(app.step(at: 10.1, measurer: m).effects) == ["/p/a.jpg"])
    }

    @Test func aBackgroundReadShowsItsBarAndGetsANewIndexGeneration() {
        var app = makeApp()
        let before = app.searchIndexGeneration
        let bar = LoadingBar(fraction: 0, label: "Reading big.zip…")
        let effects = app.handle(.readingSource(.load(bar, reloading: false)), at: 1)
        #expect(app.loading == bar)
        #expect(app.searchIndexGeneration == before + 1)
        #expect(effects == [.readSource(.load(bar, reloading: false), generation: before + 1)])
        // A source read whole shows no bar; its index gets the next generation.
        var whole = makeApp()
        let source = Fixtures.source(count: 2)
        #expect(whole.handle(.readingSource(.index(source)), at: 1) == [.readSource(.index(source), generation: 1)])
        #expect(whole.loading == nil)
    }

    @Test func anOpenedEntryReplacesEveryScreen() {
        var app = makeApp()
        app.openPhotos([Photo(source: .file("/p/a.jpg"), title: "a.jpg")], at: 0, time: 1)
        _ = app.handle(.searchIndex(SearchIndex(items: [], generation: 0)), at: 1)
        let generation = app.searchIndexGeneration
        let effects = app.handle(.opened(.photos([Photo(source: .file("/q/b.jpg"), title: "b.jpg")], title: "b.jpg")), at: 2)
        #expect(app.stack.depth == 1)
        #expect(app.photoScreen?.photo?.source == .file("/q/b.jpg"))
        #expect(app.windowTitle == "Plumage — b.jpg · b.jpg")
        #expect(app.searchIndex == nil)
        #expect(app.searchIndexGeneration == generation + 1)
        // The screens left drop their photo work.
        #expect(effects.contains(.cancelPhotoLoads))
    }

    @Test func theCoreWordsWhatHappenedToALink() {
        let cases: [(InputEvent, String?)] = [
            (.linkOpened(.url("https://example.com/a"), .opened), nil),
            (.linkOpened(.url("https://example.com/a"), .copiedToClipboard),
             "no xdg-open to open https://example.com/a with: the link is on the clipboard"),
            (.linkOpened(.file("/v/clip.mp4"), .copiedToClipboard),
             "no xdg-open to open /v/clip.mp4 with: the path is on the clipboard"),
            (.linkOpened(.url("https://example.com/a"), .failed("xdg-open exited with status 4")),
             "cannot open https://example.com/a: xdg-open exited with status 4"),
            (.linkOpened(.file("/v/clip.mp4"), .failed("no such file")), "cannot open /v/clip.mp4: no such file"),
            (.linkOpened(.file("clip.mp4"), .refused("not an absolute path: clip.mp4")), "not an absolute path: clip.mp4"),
        ]
        for (event, text) in cases {
            var app = makeApp()
            #expect(app.handle(event, at: 1) == [])
            #expect(app.notice?.text == text, "\(event)")
        }
    }

    @Test func theCoreWordsWhatWentWrongWithASource() {
        let cases: [(SourceTrouble, String?)] = [
            (.cannotReload("feed.json: 3:1: unexpected end of data"), "cannot reload: feed.json: 3:1: unexpected end of data"),
            (.cannotRead("big.zip: not a zip archive"), "cannot read big.zip: not a zip archive"),
            (.cannotOpen("/home/u/a.zip: no such file"), "cannot open /home/u/a.zip: no such file"),
            (.warnings(["3 tweets were skipped"]), "3 tweets were skipped"),
            (.warnings(["3 tweets were skipped", "b", "c"]), "3 tweets were skipped (and 2 more)"),
            (.warnings([]), nil),
        ]
        for (trouble, text) in cases {
            var app = makeApp()
            #expect(app.handle(.sourceTrouble(trouble), at: 1) == [])
            #expect(app.notice?.text == text, "\(trouble)")
        }
    }

    @Test func effectsGoToThePlatformAndItsAnswersComeBackUntilItHasNone() {
        var app = makeApp()
        let source = Fixtures.source(count: 2)
        var platform = ScriptedPlatform()
        platform.answer = { effect in
            switch effect {
            case .reload: [.sourceReloaded(source), .readingSource(.index(source))]
            default: []
            }
        }
        app.handle(.key(.f5, []), at: 1, through: &platform)
        #expect(platform.performed == [[.reload], [.readSource(.index(source), generation: 1)]])
        #expect(app.feedScreen?.list.rows.isEmpty == false)
    }
}
