@testable import FeedImport

/// Feeds `bytes` through a `JSONElementStream` of `frame` in chunks of 1, 7 and 4096 bytes, with a
/// small element cap, and checks that every cut hands out the same elements at increasing offsets
/// inside the input, and ends with the same fault.
func fuzzStream(_ bytes: [UInt8], _ frame: JSONElementStream.Frame) {
    var first: (elements: [[UInt8]], oversized: [Int], error: JSONElementStream.FrameError?)?
    for size in [1, 7, 4096] {
        var stream = JSONElementStream(frame, maxElementBytes: 256)
        var elements: [[UInt8]] = [], oversized: [Int] = []
        var last = -1
        func take(_ event: JSONElementStream.Event) -> Bool {
            switch event {
            case .arrayStart: elements = []; oversized = []; last = -1
            case .element(let b, let offset):
                fuzzCheck(offset > last && offset + b.count <= bytes.count && b.count <= 256, "element at \(offset)")
                last = offset
                elements.append(Array(b))
            case .oversized(let offset):
                fuzzCheck(offset > last && offset < bytes.count, "oversized at \(offset)")
                last = offset
                oversized.append(offset)
            }
            return true
        }
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            guard bytes[start..<end].withUnsafeBytes({ stream.feed($0, take) }) else { break }
            start = end
        }
        let error = stream.finish(take)
        fuzzCheck(stream.largestHeld <= 256, "held \(stream.largestHeld)")
        if let first {
            fuzzCheck(first.elements == elements && first.oversized == oversized && first.error == error, "chunk size \(size) differs")
        } else {
            first = (elements, oversized, error)
        }
    }
}
