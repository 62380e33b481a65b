import Foundation

/// The XDG base directories Plumage keeps its own files in (never next to the user's sources).
public enum UserDirectories {
    /// `$XDG_DATA_HOME/plumage`, default `~/.local/share/plumage` (recently opened list).
    public static func data(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_DATA_HOME", fallback: ".local/share", environment) + "/plumage"
    }

    /// `$XDG_CACHE_HOME/plumage`, default `~/.cache/plumage` (index caches).
    public static func cache(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_CACHE_HOME", fallback: ".cache", environment) + "/plumage"
    }

    /// `$XDG_CONFIG_HOME/plumage`, default `~/.config/plumage` (settings).
    public static func config(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        base("XDG_CONFIG_HOME", fallback: ".config", environment) + "/plumage"
    }

    /// The variable when it holds an absolute path (the spec ignores relative ones), else `$HOME/fallback`.
    private static func base(_ key: String, fallback: String, _ environment: [String: String]) -> String {
        if let value = environment[key], value.hasPrefix("/") { return value }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return home + "/" + fallback
    }
}
