import Foundation
import PlumageCore

/// The settings on disk: `settings.json` in `UserDirectories.config()`, a small JSON document
/// `{"version": 1, "theme", "background", "textSize", "fpsOverlay", "window": {"width", "height",
/// "x", "y", "fullscreen"}}` (every field optional) written atomically, through a symbolic link to
/// its target. A file that is read but is not a version-1 settings object is moved aside as
/// `settings.json.corrupt-<time>` and the defaults are used, with a notice; a file that exists but
/// cannot be read is reported, the defaults used, and it is never written in that run; a field of
/// the wrong type or out of range falls back to its default with a notice; keys it does not know
/// are ignored (a newer version may have written them). Two instances may share the file: each
/// save writes only the fields the run changed over what the file holds then, under a lock.
public struct SettingsFile: Sendable {
    /// Absolute path of the file.
    public let path: String
    /// How the file is read, and whether this run may write it.
    let access: OwnFileAccess

    /// The file in `folder` (default: Plumage's config folder).
    public init(folder: String = UserDirectories.config()) { self.init(folder: folder, access: OwnFileAccess()) }

    /// The file in `folder`, read and written through `access`.
    init(folder: String, access: OwnFileAccess) {
        path = folder + "/settings.json"
        self.access = access
    }

    /// The settings (unknown fields nil), checked against the theme and background names the app
    /// has, and a notice when the file or some of its fields were unusable (nil when fine or absent).
    public func load(themes: [String], backgrounds: [String]) -> (Settings, notice: String?) {
        OwnFile.load(path, access: access, what: "settings", instead: "using the defaults", empty: Settings()) {
            (bytes) throws(SourceError) in
            let (raw, wrongTypes) = try Self.decode(bytes, path: path)
            let (settings, problems) = raw.validated(themes: themes, backgrounds: backgrounds)
            let all = wrongTypes + problems
            guard !all.isEmpty else { return (settings, nil) }
            return (settings, "settings: " + all.joined(separator: ", ") + "; using the defaults for "
                        + (all.count == 1 ? "it" : "those"))
        }
    }

    /// Writes the `changed` fields of `settings` (default: all) over the settings the file holds
    /// now, re-read under its lock, so the fields another instance saved meanwhile stay; the
    /// others keep the file's values. Skipped when the file could not be read (see `OwnFile.update`).
    public func save(_ settings: Settings, changed: Set<Settings.Field> = Set(Settings.Field.allCases)) throws(PersistenceError) {
        let path = path
        try OwnFile.update(path, access: access, what: "settings",
                           decode: { (bytes) throws(SourceError) in try Self.decode(bytes, path: path).0 },
                           write: { current in
                               Array(Self.encode((current ?? Settings()).merging(settings, changed: changed)).utf8)
                           })
    }

    /// The JSON document for `settings`.
    static func encode(_ settings: Settings) -> String {
        var fields = ["\"version\":1"]
        if let theme = settings.theme { fields.append("\"theme\":" + DumpEncoder.quoted(theme)) }
        if let background = settings.background { fields.append("\"background\":" + DumpEncoder.quoted(background)) }
        if let scale = settings.textScale, scale.isFinite { fields.append("\"textSize\":\(scale)") }
        if let fps = settings.showsFPS { fields.append("\"fpsOverlay\":\(fps)") }
        var window: [String] = []
        if let size = settings.windowSize, size.width.isFinite, size.height.isFinite {
            window += ["\"width\":\(Int(size.width.rounded()))", "\"height\":\(Int(size.height.rounded()))"]
        }
        if let p = settings.windowPosition, p.x.isFinite, p.y.isFinite {
            window += ["\"x\":\(Int(p.x.rounded()))", "\"y\":\(Int(p.y.rounded()))"]
        }
        if let fullscreen = settings.fullscreen { window.append("\"fullscreen\":\(fullscreen)") }
        if !window.isEmpty { fields.append("\"window\":{" + window.joined(separator: ",") + "}") }
        return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
    }

    /// The settings of a document and the fields of the wrong type (left unknown); throws when it
    /// is not a version-1 settings object.
    static func decode(_ bytes: [UInt8], path: String) throws(SourceError) -> (Settings, wrongTypes: [String]) {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw .malformed(path, error) }
        guard root.object != nil, root["version"]?.int == 1 else {
            throw SourceError(.invalidFeed, path: path, reason: "not a version 1 settings file")
        }
        var settings = Settings(), wrong: [String] = []
        func field<T>(_ value: JSONValue?, _ name: String, _ read: (JSONValue) -> T?) -> T? {
            guard let value, value != .null else { return nil }
            if let v = read(value) { return v }
            wrong.append("\(name) is not \(T.self == Bool.self ? "true or false" : T.self == String.self ? "a string" : "a number")")
            return nil
        }
        settings.theme = field(root["theme"], "theme") { $0.string }
        settings.background = field(root["background"], "background") { $0.string }
        settings.textScale = field(root["textSize"], "textSize") { $0.double }
        settings.showsFPS = field(root["fpsOverlay"], "fpsOverlay", Self.bool)
        let window = field(root["window"], "window") { $0.object.map(JSONValue.object) }
        if let window {
            let width = field(window["width"], "window width") { $0.double }
            let height = field(window["height"], "window height") { $0.double }
            if let width, let height { settings.windowSize = Size(width: width, height: height) }
            let x = field(window["x"], "window x") { $0.double }, y = field(window["y"], "window y") { $0.double }
            if let x, let y { settings.windowPosition = Point(x: x, y: y) }
            settings.fullscreen = field(window["fullscreen"], "window fullscreen", Self.bool)
        }
        return (settings, wrong)
    }

    /// The value's Boolean, if it is one.
    private static func bool(_ value: JSONValue) -> Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
}
