import Archives
import Dispatch
import Synchronization

/// Reads the arrays of (possibly ~100 MB) archive script files element by element: the calling
/// thread reads each file and scans it (`JSONArrayScanner`), handing out batches of elements as it
/// goes; the batches are parsed on every core, each element into its own small tree that is
/// converted and dropped at once. At most two files are in memory at a time.
enum ArchiveArrayReader {
    /// One file to read: its name, the members kept when parsing its elements, and the conversion
    /// of an element (nil leaves it out).
    struct Job<T: Sendable>: Sendable {
        /// The script file, relative to the archive's root.
        var file: String
        /// The object members its elements are parsed with.
        var keeping: JSONKeyFilter
        /// Turns a parsed element into a result.
        var convert: @Sendable (JSONValue) -> T?
    }

    /// Elements per batch handed to a worker.
    static let batchSize = 1024

    /// For each job in order: its converted elements in file order (as runs, to be joined by the
    /// caller), or its first failure: the read error, else the earliest syntax error, located in the
    /// `.js` file's lines and columns.
    static func read<T: Sendable>(_ jobs: [Job<T>], in archive: any ArchiveFiles) -> [Result<[[T]], ArchiveFileFailure>] {
        let collected = Collected<T>()
        let queue = DispatchQueue.global(qos: .userInitiated)
        let groups = jobs.map { _ in DispatchGroup() }
        var outcomes: [Result<Void, ArchiveFileFailure>] = []
        for (index, job) in jobs.enumerated() {
            if index >= 2 { groups[index - 2].wait() }
            let bytes: [UInt8]
            do {
                bytes = try archive.read(job.file, limit: ArchiveLimits.dataFile)
            } catch {
                outcomes.append(.failure(ArchiveFileFailure(job.file, error)))
                continue
            }
            let scanError: JSONSyntaxError? = bytes.withUnsafeBufferPointer { file in
                var scanner = JSONArrayScanner(file, from: ArchiveScript.jsonStart(file))
                var batch = 0
                while !scanner.isFinished {
                    let ranges = scanner.next(batchSize)
                    if ranges.isEmpty { continue }
                    let key = BatchKey(job: index, batch: batch)
                    batch += 1
                    queue.async(group: groups[index]) {
                        let parsed = bytes.withUnsafeBufferPointer { parse(ranges, of: $0, job: job) }
                        collected.add(key, parsed)
                    }
                }
                return scanner.error
            }
            outcomes.append(scanError.map { .failure(ArchiveFileFailure(job.file, $0)) } ?? .success(()))
        }
        groups.forEach { $0.wait() }
        let batches = collected.sorted()
        return outcomes.enumerated().map { index, outcome in
            let mine = batches.filter { $0.key.job == index }
            if let failed = mine.first(where: { $0.failure != nil })?.failure {
                return .failure(ArchiveFileFailure(jobs[index].file, failed))
            }
            return outcome.map { mine.map(\.values) }
        }
    }

    /// The elements at `ranges` of `file` converted, stopping at the first that does not parse.
    private static func parse<T: Sendable>(
        _ ranges: [Range<Int>], of file: UnsafeBufferPointer<UInt8>, job: Job<T>
    ) -> (values: [T], failure: JSONSyntaxError?) {
        var values: [T] = []
        values.reserveCapacity(ranges.count)
        for range in ranges {
            do throws(JSONSyntaxError) {
                let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: file[range]), keeping: job.keeping)
                if let converted = job.convert(value) { values.append(converted) }
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

    private let batches = Mutex<[Batch]>([])

    /// Records the result of batch `key`.
    func add(_ key: BatchKey, _ parsed: (values: [T], failure: JSONSyntaxError?)) {
        batches.withLock { $0.append(Batch(key: key, values: parsed.values, failure: parsed.failure)) }
    }

    /// Every batch, in file then batch order.
    func sorted() -> [Batch] {
        batches.withLock { $0 }.sorted { ($0.key.job, $0.key.batch) < ($1.key.job, $1.key.batch) }
    }
}
