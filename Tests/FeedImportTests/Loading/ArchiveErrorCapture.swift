import Archives
import Testing

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
