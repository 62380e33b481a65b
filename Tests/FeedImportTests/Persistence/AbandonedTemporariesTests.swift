@testable import FeedImport
import Foundation
import Glibc
import PlumageTestSupport
import Testing

/// The temporaries of settings and recents writes cut short are removed at start when their
/// process is gone; every other name is kept.
@Suite struct AbandonedTemporariesTests {
    @Test func onlyTemporariesOfDeadProcessesAreRemoved() throws {
        let folder = NSTemporaryDirectory() + "plumage-temporaries-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = try DeadProcess.id()
        #expect(kill(dead, 0) != 0 && errno == ESRCH)
        // Kept: this process's, pid 1's, a negative "pid" (kill(-n) would ask about a process group,
        // and Plumage never writes one), a name that is no pid, and another file's temporary.
        let kept = ["recents.json.tmp-\(getpid())", "recents.json.tmp-1", "recents.json.tmp--99999",
                    "recents.json.tmp-abc", "settings.json.tmp-\(dead)", "recents.json"]
        for name in kept + ["recents.json.tmp-\(dead)"] {
            try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        AtomicFile.removeAbandonedTemporaries(of: folder + "/recents.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == kept.sorted())
    }
}
