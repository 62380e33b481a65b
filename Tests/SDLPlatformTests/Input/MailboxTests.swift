import CSDL2
import Dispatch
import Foundation
import Testing

@testable import SDLPlatform

/// SDL video (dummy driver) and events, initialised once per test process and never quit, since
/// other suites may share SDL.
let sdlEventsReady: Bool = {
    SDL_SetHint("SDL_VIDEODRIVER", "dummy")
    return SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO | SDL_INIT_EVENTS)) == 0
}()

/// Drains `mailbox` until `count` messages arrived or `timeout` passed.
func collect<M: Sendable>(_ mailbox: Mailbox<M>, count: Int, timeout: Duration = .seconds(5)) -> [M] {
    let deadline = ContinuousClock.now + timeout
    var messages: [M] = []
    while messages.count < count && ContinuousClock.now < deadline {
        messages += mailbox.drain()
        if messages.count < count { Thread.sleep(forTimeInterval: 0.002) }
    }
    return messages
}

/// Number of queued SDL events of `type`.
private func queuedEvents(of type: UInt32) -> Int32 {
    var events = [SDL_Event](repeating: SDL_Event(), count: 16)
    return SDL_PeepEvents(&events, 16, SDL_PEEKEVENT, type, type)
}

@Suite(.serialized) struct MailboxTests {
    @Test func postFromAWorkerWakesAWaitingLoop() throws {
        #expect(sdlEventsReady)
        let mailbox = try Mailbox<Int>()
        // Nothing is queued until the worker posts, and it posts only once the loop lets it.
        #expect(queuedEvents(of: mailbox.eventType) == 0)
        let go = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            go.wait()
            for i in 1...3 { mailbox.post(i) }
        }
        go.signal()
        // The loop waits for the wake-up, passing over other suites' events; the 10 s bound only
        // guards against a hang (nothing asserts how long it took).
        var event = SDL_Event()
        var woke = false
        let deadline = ContinuousClock.now + .seconds(10)
        while !woke && ContinuousClock.now < deadline {
            woke = SDL_WaitEventTimeout(&event, 1000) == 1 && event.type == mailbox.eventType
        }
        #expect(woke)
        #expect(collect(mailbox, count: 3) == [1, 2, 3])
        SDL_FlushEvent(mailbox.eventType)
    }

    @Test func pushesOneWakeUpPerBatch() throws {
        #expect(sdlEventsReady)
        let mailbox = try Mailbox<String>()
        for word in ["a", "b", "c"] { mailbox.post(word) }
        #expect(queuedEvents(of: mailbox.eventType) == 1)
        #expect(mailbox.drain() == ["a", "b", "c"])
        #expect(mailbox.drain().isEmpty)
        SDL_FlushEvent(mailbox.eventType)
        mailbox.post("d")
        #expect(queuedEvents(of: mailbox.eventType) == 1)
        #expect(mailbox.drain() == ["d"])
        SDL_FlushEvent(mailbox.eventType)
    }
}

@Suite(.serialized) struct DecodeWorkersTests {
    /// A pool with one worker held busy by a first job until `release` is signalled.
    private func busyPool(_ mailbox: Mailbox<String>, release: DispatchSemaphore) -> DecodeWorkers<String, String> {
        let workers = DecodeWorkers<String, String>(mailbox: mailbox, threadCount: 1)
        let started = DispatchSemaphore(value: 0)
        workers.submit(key: "blocker", priority: 0, generation: 0) {
            started.signal()
            release.wait()
            return "blocker"
        }
        started.wait()
        return workers
    }

    @Test func cancellationDropsQueuedJobs() throws {
        let mailbox = try Mailbox<String>()
        let release = DispatchSemaphore(value: 0)
        let workers = busyPool(mailbox, release: release)
        for (key, generation) in [("a", 1), ("b", 2), ("c", 1), ("d", 2)] {
            workers.submit(key: key, priority: 0, generation: generation) { key }
        }
        #expect(workers.queuedCount == 4)
        #expect(workers.cancel { $0 == "b" } == 1)
        #expect(workers.cancelAll(olderThan: 2) == 2)
        // A last job below every other priority: the one worker runs it after whatever is still queued,
        // so once it has posted, a cancelled job that ran anyway would have posted before it.
        workers.submit(key: "last", priority: -1, generation: 2) { "last" }
        release.signal()
        #expect(collect(mailbox, count: 3) == ["blocker", "d", "last"])
        #expect(mailbox.drain().isEmpty)
        SDL_FlushEvent(mailbox.eventType)
    }

    @Test func runsHighestPriorityFirstAndReplacesByKey() throws {
        let mailbox = try Mailbox<String>()
        let release = DispatchSemaphore(value: 0)
        let workers = busyPool(mailbox, release: release)
        for (key, priority) in [("a", 1), ("b", 3), ("c", 2), ("d", 3)] {
            workers.submit(key: key, priority: priority, generation: 1) { key }
        }
        workers.submit(key: "c", priority: 9, generation: 2) { "c2" }
        #expect(workers.queuedCount == 4)
        release.signal()
        #expect(collect(mailbox, count: 5) == ["blocker", "c2", "b", "d", "a"])
        SDL_FlushEvent(mailbox.eventType)
    }

    @Test func workersRunAtLowPriorityInParallel() throws {
        let mailbox = try Mailbox<String>()
        let workers = DecodeWorkers<String, String>(mailbox: mailbox, threadCount: 9)
        #expect(workers.threadCount == 4)
        for key in ["x", "y"] {
            workers.submit(key: key, priority: 0, generation: 0) {
                "\(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))"
            }
        }
        #expect(collect(mailbox, count: 2) == ["10", "10"])  // nice 10: below the UI thread, never starved
        workers.shutdown()
        workers.submit(key: "z", priority: 0, generation: 0) { "z" }
        #expect(workers.queuedCount == 0)
        SDL_FlushEvent(mailbox.eventType)
    }
}
