internal import CPango

/// The engine's fontconfig configuration: the system's fonts under the app's rules
/// (`Fonts/plumage-fonts.conf`), plus Inter added by file. Only Inter: the folder's emoji and CJK
/// subsets share their families' names with the full system fonts and would win over them.
enum PangoFontSetup {
    /// The font files added to the configuration, relative to the fonts folder.
    static let appFonts = ["Inter-Regular.otf", "Inter-Medium.otf"]
    /// The app's fontconfig rules file, relative to the fonts folder.
    static let rulesFile = "plumage-fonts.conf"

    /// A built FcConfig (owned by the caller: FcConfigDestroy) for `fontsDirectory`; throws naming
    /// the file fontconfig could not read.
    static func makeConfig(fontsDirectory: String) throws(SDLError) -> OpaquePointer {
        guard let config = FcConfigCreate() else { throw SDLError(function: "FcConfigCreate", message: "out of memory") }
        let rules = fontsDirectory + "/" + rulesFile
        guard withFcString(rules, { FcConfigParseAndLoad(config, $0, FcBool(1)) }) != 0 else {
            FcConfigDestroy(config)
            throw SDLError(function: "FcConfigParseAndLoad", message: "cannot load the font rules \(rules)")
        }
        guard FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            throw SDLError(function: "FcConfigBuildFonts", message: "fontconfig could not list the fonts")
        }
        for name in appFonts {
            let path = fontsDirectory + "/" + name
            guard withFcString(path, { FcConfigAppFontAddFile(config, $0) }) != 0 else {
                FcConfigDestroy(config)
                throw SDLError(function: "FcConfigAppFontAddFile", message: "cannot add the font \(path)")
            }
        }
        return config
    }

    /// Calls `body` with `string` as fontconfig's NUL-terminated `FcChar8` string.
    static func withFcString<R>(_ string: String, _ body: (UnsafePointer<FcChar8>) -> R) -> R {
        string.withCString { $0.withMemoryRebound(to: FcChar8.self, capacity: string.utf8.count + 1, body) }
    }
}
