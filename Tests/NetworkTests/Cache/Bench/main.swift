// Figures for the web cache (not a test: no thresholds). Built with -O by run.sh beside it.
// Usage: webcache-bench [folder [count]]   (default: a new folder under /tmp, removed afterwards;
// count: how many small entries the scan is measured over, 10,000)
import Glibc
import Network

/// How long `body` took, in milliseconds (monotonic clock).
func milliseconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    body()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Prints one figure line: median, min, max and count.
func report(_ name: String, _ values: [Double]) {
    let sorted = values.sorted()
    print(
        name, "median", String(median(values)), "ms  min", String(sorted.first!), "max", String(sorted.last!),
        "n", values.count)
}

let base = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "/tmp/webcache-bench-\(getpid())"
let big = [UInt8](repeating: 0xab, count: 1 << 20)

// 1 MiB entries: store (write, fsync file, rename, fsync folder) and read (whole body) and touch.
do {
    let cache = WebCache(folder: base + "/big", budget: 1 << 30)
    var stores: [Double] = []
    var reads: [Double] = []
    var metadataReads: [Double] = []
    var touches: [Double] = []
    let keys = (0..<40).map { WebCacheKey(.image, "https://bench.example/photo/\($0).jpg") }
    for key in keys {
        stores.append(
            milliseconds {
                _ = cache.store(
                    key,
                    metadata: WebCacheMetadata(
                        finalURL: key.url, etag: "\"x\"", contentType: "image/jpeg", fetchedAt: 0), body: big)
            })
    }
    for key in keys { reads.append(milliseconds { precondition(cache.entry(for: key)?.body.count == 1 << 20) }) }
    for key in keys { metadataReads.append(milliseconds { precondition(cache.metadata(for: key) != nil) }) }
    for key in keys { touches.append(milliseconds { cache.touch(key) }) }
    report("store 1 MiB", stores)
    report("read 1 MiB", reads)
    report("metadata only", metadataReads)
    report("touch", touches)
}

// 10,000 small entries: their stores, the open-time scan, and a store into a full cache (evicts one).
do {
    let folder = base + "/many"
    let body = [UInt8](repeating: 1, count: 2000)
    var stores: [Double] = []
    let count = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 10_000 : 10_000
    do {
        let cache = WebCache(folder: folder, budget: 1 << 30)
        for index in 0..<count {
            let key = WebCacheKey(.image, "https://bench.example/avatar/\(index).png")
            stores.append(
                milliseconds {
                    _ = cache.store(key, metadata: WebCacheMetadata(finalURL: key.url, fetchedAt: 0), body: body)
                })
        }
    }
    report("store 2 KB (10,000 entries)", stores)
    var opens: [Double] = []
    var total = 0
    for _ in 0..<7 {
        opens.append(milliseconds { total = WebCache(folder: folder, budget: 1 << 30).totalBytes })
    }
    report("open (scan) of \(count) entries, \(total) bytes", opens)
    let full = WebCache(folder: folder, budget: total)
    var evicting: [Double] = []
    for index in 0..<200 {
        let key = WebCacheKey(.image, "https://bench.example/new/\(index).png")
        evicting.append(
            milliseconds {
                _ = full.store(key, metadata: WebCacheMetadata(finalURL: key.url, fetchedAt: 0), body: body)
            })
    }
    report("store 2 KB into a full cache of \(count) (one eviction each)", evicting)
}

if CommandLine.arguments.count <= 1 {
    _ = system("rm -rf '\(base)'")
}
