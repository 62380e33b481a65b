import Archives
import Dispatch
import Locking

/// Reads the arrays of (possibly ~100 MB) archive script files element by element: the calling
/// thread reads each file and scans it (`JSONArrayScanner`), handing out batches of elements as it
/// goes; the batches are decoded on every core, each element in place by a `JSONCursor` (no tree).
/// At most two files are in memory at a time.
enum ArchiveArrayReader {
    /// One file to read: its name and the decoding of an element (nil leaves it out).
    struct Job<T: Sendable>: Sendable {
        /// The script file, relative to the archive's root.
        var file: String
        /// Reads the element at the cursor (all of it) into a result.
        var decode: @Sendable (inout JSONCursor) throws(JSONSyntaxError) -> T?
    }

    /// Elements per batch handed to a worker.
    static let batchSize = 1024
    /// Most batches handed out and not yet decoded, so a fast scan cannot queue up unbounded memory.
    static let batchesInFlight = 64
    /// Most elements read from all the files together (the largest real archives hold a few
    /// hundred thousand tweets): past it the rest is left unread, so no file can exhaust memory.
    static let maxElements = 2_000_000

    /// A file being read on another thread, so that its reading overlaps other work.
    final class Prefetch: Sendable {
        /// The file, relative to the archive's root.
        let file: String
        private let done = DispatchGroup()
        private let result = Locked<Result<[UInt8], ArchiveError>>(.success([]))

        /// Starts reading `file` of `archive` (at most `ArchiveLimits.dataFile` bytes).
        init(_ file: String, in archive: any ArchiveFiles) {
            self.file = file
            done.enter()
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let read = Result { () throws(ArchiveError) in try archive.read(file, limit: ArchiveLimits.dataFile) }
                result.withLock { $0 = read }
                done.leave()
            }
        }

        /// The file's bytes, once read.
        func bytes() throws(ArchiveError) -> [UInt8] {
            done.wait()
            return try result.withLock { $0 }.get()
        }
    }

    /// For each job in order: its converted elements in file order (as runs, to be joined by the
    /// caller), or its first failure: the read error, else the earliest syntax error, located in the
    /// `.js` file's lines and columns. A job whose file is `prefetched` takes its bytes from there.
    /// `stoppedAt` names the file where `limit` elements were reached, the rest left unread.
    static func read<T: Sendable>(
        _ jobs: [Job<T>], in archive: any ArchiveFiles, prefetched: Prefetch? = nil, limit: Int = maxElements
    ) -> (outcomes: [Result<[[T]], ArchiveFileFailure>], stoppedAt: String?) {
        let collected = Collected<T>()
        let queue = DispatchQueue.global(qos: .userInitiated)
        let groups = jobs.map { _ in DispatchGroup() }
        let slots = DispatchSemaphore(value: batchesInFlight)
        var outcomes: [Result<Void, ArchiveFileFailure>] = []
        var remaining = limit
        var stoppedAt: String?
        for (index, job) in jobs.enumerated() {
            if index >= 2 { groups[index - 2].wait() }
            guard stoppedAt == nil else {
                outcomes.append(.success(()))
                continue
            }
            let bytes: [UInt8]
            do throws(ArchiveError) {
                if let prefetched, prefetched.file == job.file {
                    bytes = try prefetched.bytes()
                } else {
                    bytes = try archive.read(job.file, limit: ArchiveLimits.dataFile)
                }
            } catch {
                outcomes.append(.failure(ArchiveFileFailure(job.file, error)))
                continue
            }
            let scanError: JSONSyntaxError? = bytes.withUnsafeBufferPointer { file in
                var scanner = JSONArrayScanner(file, from: ArchiveScript.jsonStart(file))
                var batch = 0
                while !scanner.isFinished {
                    guard remaining > 0 else {
                        stoppedAt = job.file
                        return nil
                    }
                    let ranges = scanner.next(min(batchSize, remaining))
                    if ranges.isEmpty { continue }
                    remaining -= ranges.count
                    let key = BatchKey(job: index, batch: batch)
                    batch += 1
                    slots.wait()
                    queue.async(group: groups[index]) {
                        let parsed = bytes.withUnsafeBufferPointer { parse(ranges, of: $0, job: job) }
                        collected.add(key, parsed)
                        slots.signal()
                    }
                }
                return scanner.error
            }
            outcomes.append(scanError.map { .failure(ArchiveFileFailure(job.file, $0)) } ?? .success(()))
        }
        groups.forEach { $0.wait() }
        let batches = collected.sorted()
        let results = outcomes.enumerated().map { index, outcome -> Result<[[T]], ArchiveFileFailure> in
            let mine = batches.filter { $0.key.job == index }
            if let failed = mine.first(where: { $0.failure != nil })?.failure {
                return .failure(ArchiveFileFailure(jobs[index].file, failed))
            }
            return outcome.map { mine.map(\.values) }
        }
        return (results, stoppedAt)
    }

    /// The elements at `ranges` of `file` converted, stopping at the first that does not parse.
    private static func parse<T: Sendable>(
        _ ranges: [Range<Int>], of file: UnsafeBufferPointer<UInt8>, job: Job<T>
    ) -> (values: [T], failure: JSONSyntaxError?) {
        var values: [T] = []
        values.reserveCapacity(ranges.count)
        for range in ranges {
            do throws(JSONSyntaxError) {
                var cursor = JSONCursor(UnsafeBufferPointer(rebasing: file[range]))
                let decoded = try job.decode(&cursor)
                try cursor.end()
                if let decoded { values.append(decoded) }
            } catch {
                return (values, error.relocated(toStart: range.lowerBound, of: file))
            }
        }
        return (values, nil)
    }
}

/// Which file and which of its batches a result belongs to.
private struct BatchKey: Sendable {
    var job: Int
    var batch: Int
}

/// The batches' results, gathered from the workers.
private final class Collected<T: Sendable>: Sendable {
    /// One batch's converted elements and, when one did not parse, its error.
    struct Batch: Sendable {
        var key: BatchKey
        var values: [T]
        var failure: JSONSyntaxError?
    }

    private let batches = Locked<[Batch]>([])

    /// Records the result of batch `key`.
    func add(_ key: BatchKey, _ parsed: (values: [T], failure: JSONSyntaxError?)) {
        batches.withLock { $0.append(Batch(key: key, values: parsed.values, failure: parsed.failure)) }
    }

    /// Every batch, in file then batch order.
    func sorted() -> [Batch] {
        batches.withLock { $0 }.sorted { ($0.key.job, $0.key.batch) < ($1.key.job, $1.key.batch) }
    }
}
