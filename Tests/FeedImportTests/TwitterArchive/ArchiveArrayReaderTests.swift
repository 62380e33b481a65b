import Testing

@testable import FeedImport

/// A job reading each element of `file` as an integer (strings and non-numbers are skipped).
private func numbers(_ file: String) -> ArchiveArrayReader.Job<Int> {
    ArchiveArrayReader.Job(file: file, missing: "not a number") { c throws(JSONSyntaxError) in try c.readInt() }
}

@Test func readsEveryFileInOrderAcrossBatches() throws {
    let many = (1...2500).map(String.init).joined(separator: ", ")
    let fixture = try TwitterFixture([
        "a.js": "window.A = [ \(many) ];",
        "b.js": "[ 7, \"x\", 8 ]",
        "c.js": "window.C = [ 1, 2",
        "d.js": "window.D = [ 1, {\"a\": tru} ]",
    ])
    let archive = try fixture.archive
    let (results, stoppedAt) = ArchiveArrayReader.read(["a.js", "b.js", "c.js", "d.js", "missing.js"].map(numbers), in: archive)
    #expect(stoppedAt == nil)
    #expect(Array(results[0].runs.joined()) == Array(1...2500))
    #expect(results[0].runs.count == 3)  // batches of 1024
    #expect(results.map { Array($0.runs.joined()) } == [Array(1...2500), [7, 8], [1, 2], [1], []])
    #expect(results.map(\.skipped) == [0, 1, 0, 1, 0])
    #expect(results.map(\.firstSkip) == [nil, "1:6: not a number", nil, "1:26: invalid literal, expected 'true'", nil])
    #expect(results.map { $0.failure?.warning } == [
        nil, nil,
        "c.js: 1:18: expected ',' or ']' after array element",
        nil,
        "missing.js: no such file in the archive",
    ])
    #expect(results.map(\.failedWhole) == [false, false, false, false, true])
}

@Test func stopsAfterTheLimitInFileOrder() throws {
    let fixture = try TwitterFixture(["a.js": "[1, 2]", "b.js": "[3, 4, 5]", "c.js": "[6]"])
    let archive = try fixture.archive
    let (results, stoppedAt) = ArchiveArrayReader.read(["a.js", "b.js", "c.js"].map(numbers), in: archive, limit: 4)
    #expect(stoppedAt == "b.js")
    #expect(results.map { Array($0.runs.joined()) } == [[1, 2], [3, 4], []])
    #expect(results.allSatisfy { $0.failure == nil })
}

/// Far more batches than can be in flight, so batches emptied by the decoders are filled again by
/// the scan: each value still comes back once, in file order, and a late skipped element is still
/// counted. Elements grow from 1 to 6 bytes, so a refilled batch first held shorter ones.
@Test func batchesFilledAgainKeepEveryElementInOrder() throws {
    let count = 50 * 1024
    var elements = (1...count).map(String.init)
    elements.insert("\"late\"", at: 40_000)
    let fixture = try TwitterFixture(["a.js": "window.A = [ \(elements.joined(separator: ",")) ];"])
    let (results, _) = ArchiveArrayReader.read([numbers("a.js")], in: try fixture.archive)
    #expect(Array(results[0].runs.joined()) == Array(1...count))
    #expect(results[0].runs.count == 51)  // 50 × 1024 + 1 elements in batches of 1024
    #expect(results[0].skipped == 1)
    #expect(results[0].failure == nil)
}
