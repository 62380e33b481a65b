import Archives

/// The `ArchiveError` `body` throws, or nil when it throws nothing; any other error comes back as
/// `.cannotRead("", reason: "not an ArchiveError: …")`, so the caller's comparison fails naming it.
public func archiveError<T>(_ body: () throws -> T) -> ArchiveError? {
    do {
        _ = try body()
        return nil
    } catch let error as ArchiveError {
        return error
    } catch {
        return .cannotRead("", reason: "not an ArchiveError: \(error)")
    }
}
