import Foundation

/// The process's peak resident memory so far (`VmHWM` of /proc/self/status), in bytes.
enum PeakMemory {
    /// The peak in bytes, or nil when /proc is unreadable.
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
