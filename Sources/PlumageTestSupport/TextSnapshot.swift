import Foundation

/// Text snapshots (DESIGN §4): a value's text (typically `Frame.textDump`) compared with a file
/// committed under `Tests/Snapshots/`. Setting `RECORD_SNAPSHOTS=1` writes the file instead, and
/// that run fails on purpose, so a snapshot is only ever re-recorded knowingly.
public enum TextSnapshot {
    /// The folder the snapshots live in.
    public static let directory = RepositoryPaths.path("Tests/Snapshots")

    /// Nil when `text` equals the committed snapshot `name`; otherwise why not (missing, recorded,
    /// or the first differing line with both versions).
    public static func mismatch(_ text: String, named name: String) -> String? {
        let path = "\(directory)/\(name).txt"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            do {
                try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path))
                return "recorded \(name).txt; run again without RECORD_SNAPSHOTS"
            } catch {
                return "cannot record \(path): \(error)"
            }
        }
        guard let data = FileManager.default.contents(atPath: path), let expected = String(data: data, encoding: .utf8)
        else { return "missing snapshot \(path); record it with RECORD_SNAPSHOTS=1" }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let got = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard want != got else { return nil }
        let line = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        let a = line < want.count ? want[line] : "(end)", b = line < got.count ? got[line] : "(end)"
        return "\(name).txt differs at line \(line + 1) (of \(want.count) → \(got.count)):\n  expected: \(a)\n  actual:   \(b)"
    }
}
