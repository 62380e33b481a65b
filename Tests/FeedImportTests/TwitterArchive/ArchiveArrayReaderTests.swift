import Testing

@testable import FeedImport

/// A job reading each element of `file` as an integer (strings and non-numbers give nil).
private func numbers(_ file: String) -> ArchiveArrayReader.Job<Int> {
    ArchiveArrayReader.Job(file: file) { c throws(JSONSyntaxError) in try c.readInt() }
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
    let (outcomes, stoppedAt) = ArchiveArrayReader.read(["a.js", "b.js", "c.js", "d.js", "missing.js"].map(numbers), in: archive)
    #expect(stoppedAt == nil)
    #expect((try? outcomes[0].get().joined()).map(Array.init) == Array(1...2500))
    #expect((try? outcomes[0].get().count) == 3)  // batches of 1024
    #expect((try? outcomes[1].get().joined()).map(Array.init) == [7, 8])
    let failures = outcomes.dropFirst(2).map { outcome -> String in
        if case .failure(let failure) = outcome { return failure.warning }
        return "ok"
    }
    #expect(failures == [
        "c.js: 1:18: expected ',' or ']' after array element",
        "d.js: 1:26: invalid literal, expected 'true'",
        "missing.js: no such file in the archive",
    ])
}

@Test func stopsAfterTheLimitInFileOrder() throws {
    let fixture = try TwitterFixture(["a.js": "[1, 2]", "b.js": "[3, 4, 5]", "c.js": "[6]"])
    let archive = try fixture.archive
    let (outcomes, stoppedAt) = ArchiveArrayReader.read(["a.js", "b.js", "c.js"].map(numbers), in: archive, limit: 4)
    #expect(stoppedAt == "b.js")
    #expect(outcomes.map { (try? $0.get().joined()).map(Array.init) ?? [-1] } == [[1, 2], [3, 4], []])
}
