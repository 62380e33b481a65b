import ArgumentParser
import Archives
import FeedImport
import Foundation
import PlumageCore

/// `plumage bench load PATH`: how long reading a Twitter/X archive folder takes and the peak
/// memory it needs (hidden; the archive is opened as a `FolderArchive` directly).
struct LoadBench: ParsableCommand {
    /// The `load` subcommand's name and abstract; hidden from help.
    static let configuration = CommandConfiguration(
        commandName: "load", abstract: "Time loading an unpacked Twitter/X archive.", shouldDisplay: false)

    /// The archive folder.
    @Argument(help: "An unpacked Twitter/X archive folder.") var path: String
    /// True to print the report as one JSON object.
    @Flag(help: "Print JSON.") var json = false

    /// Loads the archive once and prints `items`, `full_ms` and `peak_rss_mb`; exits with a message on failure.
    func run() throws {
        let start = ContinuousClock.now
        let archive: FolderArchive
        do {
            archive = try FolderArchive(path: path)
        } catch {
            fail("\(path): \(error.description)")
        }
        let source: FeedSource
        do {
            source = try TwitterArchiveReader.read(archive, topLevelDomains: PublicSuffixList.installed())
        } catch {
            fail(error.description)
        }
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        for warning in source.warnings { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
        let fields: [(String, String)] = [
            ("items", "\(source.items.count)"), ("full_ms", String(format: "%.1f", ms)),
            ("peak_rss_mb", String(format: "%.1f", peakRSSMegabytes())),
        ]
        if json {
            print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
        } else {
            for (k, v) in fields { print("\(k.padding(toLength: 12, withPad: " ", startingAt: 0)) \(v)") }
        }
    }
}
