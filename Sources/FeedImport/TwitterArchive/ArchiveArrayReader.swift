import Archives
import Dispatch
import Glibc

/// Reads the array of a (possibly ~100 MB) archive script file element by element: one structural
/// scan finds the elements' byte ranges (`JSONArraySlices`), then contiguous runs of elements are
/// parsed on every core (`DispatchQueue.concurrentPerform`), each element into its own small tree
/// that is converted and dropped at once. Memory stays near the file's size plus the results.
enum ArchiveArrayReader {
    /// The converted elements of the array in script file `relative`, in file order (elements
    /// `convert` returns nil for are left out), each parsed keeping only the members `filter` holds;
    /// or the first failure: the read error, else the earliest syntax error, located in the `.js`
    /// file's lines and columns.
    static func read<T: Sendable>(
        _ relative: String, in archive: any ArchiveFiles, keeping filter: JSONKeyFilter,
        convert: @escaping @Sendable (JSONValue) -> T?
    ) -> Result<[T], ArchiveFileFailure> {
        let bytes: [UInt8]
        do {
            bytes = try archive.read(relative, limit: ArchiveLimits.dataFile)
        } catch {
            return .failure(ArchiveFileFailure(relative, error))
        }
        return bytes.withUnsafeBufferPointer { file in
            let slices = JSONArraySlices(scanning: file, from: ArchiveScript.jsonStart(file))
            let parsed = parse(slices.elements, of: file, keeping: filter, convert: convert)
            if let error = parsed.error ?? slices.error { return .failure(ArchiveFileFailure(relative, error)) }
            return .success(parsed.values)
        }
    }

    /// The elements at `ranges` of `file` converted, or the syntax error of the earliest element
    /// that does not parse.
    private static func parse<T: Sendable>(
        _ ranges: [Range<Int>], of file: UnsafeBufferPointer<UInt8>, keeping filter: JSONKeyFilter,
        convert: @escaping @Sendable (JSONValue) -> T?
    ) -> (values: [T], error: JSONSyntaxError?) {
        guard !ranges.isEmpty else { return ([], nil) }
        let chunks = min(ranges.count, max(1, workerCount * 4))
        var results = [[T]](repeating: [], count: chunks)
        var failures = [(element: Int, error: JSONSyntaxError)?](repeating: nil, count: chunks)
        results.withUnsafeMutableBufferPointer { results in
            failures.withUnsafeMutableBufferPointer { failures in
                // Each chunk writes only its own slot of `results` and `failures`.
                nonisolated(unsafe) let results = results
                nonisolated(unsafe) let failures = failures
                nonisolated(unsafe) let file = file
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let lower = ranges.count * chunk / chunks, upper = ranges.count * (chunk + 1) / chunks
                    var values: [T] = []
                    values.reserveCapacity(upper - lower)
                    for element in lower..<upper {
                        let range = ranges[element]
                        do throws(JSONSyntaxError) {
                            let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: file[range]), keeping: filter)
                            if let converted = convert(value) { values.append(converted) }
                        } catch {
                            failures[chunk] = (element, error.relocated(toStart: range.lowerBound, of: file))
                            break
                        }
                    }
                    results[chunk] = values
                }
            }
        }
        if let first = failures.compactMap({ $0 }).min(by: { $0.element < $1.element }) { return ([], first.error) }
        return (results.count == 1 ? results[0] : Array(results.joined()), nil)
    }

    /// Online processors (at least 1).
    private static let workerCount = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}
