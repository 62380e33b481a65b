import Archives
import Foundation
import PlumageTestSupport
import Testing

/// `count` seeded pseudo-random bytes.
func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
}

/// The `ArchiveError` `body` throws, or nil when it throws nothing (any other error is recorded as an issue).
func archiveError<T>(_ body: () throws -> T) -> ArchiveError? {
    do {
        _ = try body()
        return nil
    } catch let error as ArchiveError {
        return error
    } catch {
        Issue.record("not an ArchiveError: \(error)")
        return nil
    }
}
