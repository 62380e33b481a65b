import FeedImport
import Foundation
import PlumageCore
import Testing

/// The settings on disk: round trip, per-field fallbacks, and unusable files moved aside.
@Suite struct SettingsFileTests {
    let folder = NSTemporaryDirectory() + "plumage-settings-\(UUID().uuidString)"
    let themes = ["original", "green", "dark", "light"]

    func write(_ content: String) throws -> SettingsFile {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = SettingsFile(folder: folder)
        try Data(content.utf8).write(to: URL(fileURLWithPath: file.path))
        return file
    }

    @Test func savesAndLoadsEveryField() throws {
        let file = SettingsFile(folder: folder + "/config/plumage")
        let settings = Settings(theme: "dark", background: "sky \"1\".jpg", textScale: 1.25, showsFPS: true,
                                windowSize: Size(width: 900, height: 700), windowPosition: Point(x: -20, y: 35), fullscreen: true)
        try file.save(settings)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        #expect(text == """
            {
            "version":1,
            "theme":"dark",
            "background":"sky \\"1\\".jpg",
            "textSize":1.25,
            "fpsOverlay":true,
            "window":{"width":900,"height":700,"x":-20,"y":35,"fullscreen":true}
            }

            """)
        let (loaded, notice) = file.load(themes: themes, backgrounds: ["sky \"1\".jpg"])
        #expect(notice == nil)
        #expect(loaded == settings)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/config/plumage").sorted()
                    == ["settings.json", "settings.json.lock"])
    }

    @Test func unknownFieldsAreLeftOut() throws {
        let file = SettingsFile(folder: folder)
        try file.save(Settings(textScale: 0.8))
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "{\n\"version\":1,\n\"textSize\":0.8\n}\n")
        let (loaded, notice) = file.load(themes: themes, backgrounds: [])
        #expect(loaded == Settings(textScale: 0.8))
        #expect(notice == nil)
    }

    @Test func noFileIsTheDefaultsWithoutNotice() {
        let (loaded, notice) = SettingsFile(folder: folder).load(themes: themes, backgrounds: [])
        #expect(loaded == Settings())
        #expect(notice == nil)
    }

    @Test func unknownKeysAreIgnoredAndBadFieldsFallBackOneByOne() throws {
        let file = try write("""
            {"version":1,"theme":"neon","textSize":100,"fpsOverlay":"yes","future":{"a":1},
             "window":{"width":1000,"height":600,"x":"left","y":4,"fullscreen":false}}
            """)
        let (loaded, notice) = file.load(themes: themes, backgrounds: [])
        #expect(loaded == Settings(windowSize: Size(width: 1000, height: 600), fullscreen: false))
        #expect(notice == "settings: fpsOverlay is not true or false, window x is not a number, unknown theme 'neon', "
                    + "text size 100.0 outside 0.8–2; using the defaults for those")
        // The file is kept: it is a settings file, only some values were not usable.
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test(arguments: ["{\"version\":1,\"theme\":", "[]", "{\"version\":2}", "{}", "\u{0}\u{1}garbage", ""])
    func anUnusableFileIsMovedAsideWithANotice(content: String) throws {
        let file = try write(content)
        let (loaded, notice) = file.load(themes: themes, backgrounds: [])
        #expect(loaded == Settings())
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1)
        let aside = try #require(names.first)
        #expect(aside.hasPrefix("settings.json.corrupt-20"))
        #expect(try String(contentsOfFile: folder + "/" + aside, encoding: .utf8) == content)
        #expect(notice?.hasPrefix("settings unreadable (") == true)
        #expect(notice?.hasSuffix("moved aside as \(aside), using the defaults") == true)
    }


    @Test func aWriteThatCannotHappenSaysWhy() {
        let file = SettingsFile(folder: "/proc/plumage-cannot-exist")
        #expect(throws: PersistenceError.self) { try file.save(Settings()) }
    }

    @Test func theDefaultFolderFollowsXDGConfigHome() {
        #expect(UserDirectories.config(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]) == "/x/cfg/plumage")
        #expect(UserDirectories.config(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/u"]) == "/home/u/.config/plumage")
    }
}
