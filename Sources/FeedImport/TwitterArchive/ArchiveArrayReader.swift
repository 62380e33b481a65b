import Archives
import Jobs
import Locking

/// Reads the arrays of (possibly ~100 MB) archive script files element by element, in constant
/// memory: the calling thread streams each file in chunks (`ArchiveFiles.readChunks`) through a
/// `JSONElementStream`, copying whole elements into compact batches that are decoded on every core
/// (a `JobGroup` on the job system's indexing lane, the calling thread helping), each element in
/// place by a `JSONCursor` (no tree). Memory is the batches in flight (at most
/// `batchesInFlight` × `batchBytes`) plus the largest element, whatever the file's size.
///
/// An element that does not decode (a syntax error, invalid UTF-8, nesting too deep, larger than
/// `maxElementBytes`, or no id) is skipped and counted; the others are kept. A fault in the array's
/// frame (a truncation) ends the file there, keeping the elements before it. A file that cannot be
/// read keeps nothing.
enum ArchiveArrayReader {
    /// One file to read: its name, what its elements are called and the decoding of an element.
    struct Job<T: Sendable>: Sendable {
        /// The script file, relative to the archive's root.
        var file: String
        /// An element's name in warnings (`tweet`; an `s` is added for several).
        var noun = "element"
        /// Why an element decoded to nil is skipped (`no id`).
        var missing = "no id"
        /// Reads the element at the cursor (all of it) into a result; nil skips it (counted).
        var decode: @Sendable (inout JSONCursor) throws(JSONSyntaxError) -> T?
    }

    /// What one file gave.
    struct FileResult<T: Sendable>: Sendable {
        /// The converted elements in file order, as runs to be joined by the caller.
        var runs: [[T]] = []
        /// Why the file could not be read (then `runs` is empty), or where its frame broke.
        var failure: ArchiveFileFailure?
        /// How many elements were skipped.
        var skipped = 0
        /// The first skipped element's place and reason (`12:5: invalid UTF-8 in string`).
        var firstSkip: String?

        /// True when the file failed and gave nothing.
        var failedWhole: Bool { failure != nil && runs.allSatisfy(\.isEmpty) }
    }

    /// Elements per batch handed to a worker.
    static let batchSize = 1024
    /// Bytes of elements after which a batch is handed out even when it has fewer elements.
    static let batchBytes = 4 << 20
    /// Most batches handed out and not yet decoded, so a fast scan cannot queue up unbounded memory.
    static let batchesInFlight = 16
    /// Most elements read from all the files together (the largest real archives hold a few
    /// hundred thousand tweets): past it the rest is left unread, so no file can exhaust memory.
    static let maxElements = 2_000_000
    /// The largest element decoded (a real tweet is a few KiB); a larger one is skipped.
    static let maxElementBytes = 16 << 20

    /// For each job in order: what its file gave. `stoppedAt` names the file where `limit` elements
    /// were reached, the rest left unread. Batches are decoded on `system`'s indexing lane (the app's,
    /// passed down by the loader); without one, on a job system made for this read and stopped after it.
    static func read<T: Sendable>(
        _ jobs: [Job<T>], in archive: any ArchiveFiles, limit: Int = maxElements, on system: JobSystem? = nil
    ) -> (results: [FileResult<T>], stoppedAt: String?) {
        let collected = Collected<T>()
        let system = system ?? JobSystem()
        let group = system.group(on: .indexing, maxInFlight: batchesInFlight)
        let spare = SpareBatches(limit: batchesInFlight + 1)
        var scans: [Scan] = []
        var remaining = limit
        var stoppedAt: String?
        for (index, job) in jobs.enumerated() {
            var scan = Scan()
            guard stoppedAt == nil else {
                scans.append(scan)
                continue
            }
            var stream = JSONElementStream(.script, maxElementBytes: maxElementBytes)
            var batch = spare.take(), batchNumber = 0
            func flush() {
                guard !batch.ranges.isEmpty else { return }
                let ready = HandedBatch(batch)
                let key = BatchKey(job: index, batch: batchNumber)
                batch = spare.take()
                batchNumber += 1
                group.add {
                    let elements = ready.take()
                    collected.add(key, parse(elements, job: job))
                    spare.put(elements)
                }
            }
            func take(_ event: JSONElementStream.Event) -> Bool {
                switch event {
                case .arrayStart:
                    return true
                case .oversized(let offset):
                    scan.skip(at: offset, "larger than \(ArchiveLimits.describe(bytes: maxElementBytes))")
                    return true
                case .element(let bytes, let offset):
                    guard remaining > 0 else {
                        stoppedAt = job.file
                        return false
                    }
                    remaining -= 1
                    batch.add(bytes, offset: offset)
                    if batch.ranges.count >= batchSize || batch.bytes.count >= batchBytes { flush() }
                    return true
                }
            }
            do throws(ArchiveError) {
                try archive.readChunks(job.file, limit: ArchiveLimits.dataFile, chunkSize: ArchiveChunks.defaultSize) {
                    stream.feed($0, take)
                }
                if stoppedAt == nil { stream.finish(take) }
                flush()
                scan.frameError = stream.error
            } catch {
                flush()
                scan.readError = ArchiveFileFailure(job.file, error)
            }
            scans.append(scan)
        }
        group.wait()
        let batches = collected.sorted()
        let results = jobs.indices.map { index in
            result(of: jobs[index], scans[index], batches.filter { $0.key.job == index }, in: archive)
        }
        return (results, stoppedAt)
    }

    /// The result of `job` from its scan and its batches, faults located in the file's lines.
    private static func result<T: Sendable>(
        of job: Job<T>, _ scan: Scan, _ batches: [Collected<T>.Batch], in archive: any ArchiveFiles
    ) -> FileResult<T> {
        var result = FileResult<T>()
        if let readError = scan.readError {
            result.failure = readError
            return result
        }
        result.runs = batches.map(\.values)
        result.skipped = scan.skipped + batches.reduce(0) { $0 + $1.skipped }
        var first = scan.firstSkip
        if let skip = batches.lazy.compactMap(\.firstSkip).first, skip.offset < first?.offset ?? .max { first = skip }
        let offsets = [first?.offset, scan.frameError?.offset].compactMap { $0 }
        guard !offsets.isEmpty else { return result }
        let positions = JSONFilePositions.locate(offsets, in: job.file, of: archive)
        if let first {
            if let fault = first.fault, let place = positions?[first.offset] {
                result.firstSkip = fault.relocated(toLine: place.line, column: place.column).description
            } else {
                result.firstSkip = JSONFilePositions.describe(first.offset, first.fault?.reason ?? first.reason ?? job.missing, in: positions)
            }
        }
        if let frame = scan.frameError {
            result.failure = ArchiveFileFailure(job.file, .malformedJSON, JSONFilePositions.describe(frame.offset, frame.reason, in: positions))
        }
        return result
    }

    /// The elements of `batch` converted; the ones that do not convert counted.
    private static func parse<T: Sendable>(_ batch: Batch, job: Job<T>) -> Collected<T>.Result {
        var values: [T] = []
        values.reserveCapacity(batch.ranges.count)
        var skipped = 0
        var first: Skip?
        batch.bytes.withUnsafeBufferPointer { bytes in
            for (range, offset) in zip(batch.ranges, batch.offsets) {
                do throws(JSONSyntaxError) {
                    var cursor = JSONCursor(UnsafeBufferPointer(rebasing: bytes[range]))
                    let decoded = try job.decode(&cursor)
                    try cursor.end()
                    if let decoded {
                        values.append(decoded)
                        continue
                    }
                    if first == nil { first = Skip(offset: offset) }
                } catch {
                    if first == nil { first = Skip(offset: offset, fault: error) }
                }
                skipped += 1
            }
        }
        return Collected<T>.Result(values: values, skipped: skipped, firstSkip: first)
    }
}

/// An element left out: its byte offset in the file and why (a syntax error relative to the
/// element, a reason, or neither: the job's `missing`).
private struct Skip: Sendable {
    var offset: Int
    var fault: JSONSyntaxError?
    var reason: String?
}

/// What the scan of one file met besides the elements it handed out.
private struct Scan {
    var readError: ArchiveFileFailure?
    var frameError: JSONElementStream.FrameError?
    var skipped = 0
    var firstSkip: Skip?

    /// Counts an element skipped by the scan itself.
    mutating func skip(at offset: Int, _ reason: String) {
        skipped += 1
        if firstSkip == nil { firstSkip = Skip(offset: offset, reason: reason) }
    }
}

/// Elements copied out of the stream, back to back, for one worker.
private struct Batch: Sendable {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    var offsets: [Int] = []

    /// Appends one element that starts at byte `offset` of the file.
    mutating func add(_ element: UnsafeBufferPointer<UInt8>, offset: Int) {
        let start = bytes.count
        bytes.append(contentsOf: element)
        ranges.append(start..<bytes.count)
        offsets.append(offset)
    }

    /// Removes every element, keeping the buffers' capacity.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
    }
}

/// A batch handed to the one part that decodes it, which takes it out whole (so its buffers are
/// its own again and can be reused without a copy). Made by the scanning thread and then touched
/// only by that part, on whichever thread runs it.
private final class HandedBatch: @unchecked Sendable {
    private var batch: Batch?

    /// Holds `batch` for its part.
    init(_ batch: Batch) { self.batch = batch }

    /// The batch, leaving nothing behind; called once.
    func take() -> Batch {
        let taken = batch ?? Batch()
        batch = nil
        return taken
    }
}

/// Emptied batches whose buffers the scan fills again: copying elements into memory already
/// touched instead of growing fresh arrays (page faults and reallocation copies were a fifth of
/// the scanning thread's time, and the scan is what a full read waits for). Keeps at most `limit`
/// batches, none larger than twice `ArchiveArrayReader.batchBytes`; a batch is only made when none
/// is spare, so spare and busy ones together are never more than were busy at once.
private final class SpareBatches: Sendable {
    private let batches = Locked<[Batch]>([])
    private let limit: Int

    /// Keeps at most `limit` emptied batches.
    init(limit: Int) { self.limit = limit }

    /// An emptied batch with its buffers, or a new one.
    func take() -> Batch { batches.withLock { $0.popLast() } ?? Batch() }

    /// Empties `batch` and keeps it for `take`, unless enough are kept or it grew too large.
    func put(_ batch: consuming Batch) {
        guard batch.bytes.capacity <= 2 * ArchiveArrayReader.batchBytes else { return }
        batch.removeAll()
        let emptied = batch
        batches.withLock { if $0.count < limit { $0.append(emptied) } }
    }
}

/// Which file and which of its batches a result belongs to.
private struct BatchKey: Sendable {
    var job: Int
    var batch: Int
}

/// The batches' results, gathered from the workers.
private final class Collected<T: Sendable>: Sendable {
    /// One batch's converted elements and what it skipped.
    struct Result: Sendable {
        var values: [T]
        var skipped: Int
        var firstSkip: Skip?
    }

    /// A result and the batch it belongs to.
    struct Batch: Sendable {
        var key: BatchKey
        var values: [T]
        var skipped: Int
        var firstSkip: Skip?
    }

    private let batches = Locked<[Batch]>([])

    /// Records the result of batch `key`.
    func add(_ key: BatchKey, _ result: Result) {
        batches.withLock {
            $0.append(Batch(key: key, values: result.values, skipped: result.skipped, firstSkip: result.firstSkip))
        }
    }

    /// Every batch, in file then batch order.
    func sorted() -> [Batch] {
        batches.withLock { $0 }.sorted { ($0.key.job, $0.key.batch) < ($1.key.job, $1.key.batch) }
    }
}
