internal import CSDL2
import Glibc
import PlumageCore

/// Waits for SDL events without busy-waiting and hands them out translated; main thread only.
public struct EventPump {
    /// Converts window units to points.
    public var translator = EventTranslator()
    /// The mailboxes' wake-up event types (decoded images or photos arrived).
    let wakeTypes: Set<UInt32>

    /// Creates a pump that recognises `wakeTypes` as decode mailboxes' doorbells.
    public init(wakeTypes: Set<UInt32>) { self.wakeTypes = wakeTypes }

    /// Blocks until an event arrives or `timeout` seconds pass (nil = wait indefinitely; under a
    /// millisecond = just poll), then
    /// returns every queued event, translated. The image doorbell comes back as `.redraw`.
    public func wait(timeout: Double?) -> [EventTranslator.Translation] {
        var event = SDL_Event()
        var results: [EventTranslator.Translation] = []
        let got: Int32
        if let timeout {
            // Whole milliseconds, rounded down, so a wait never runs past the caller's deadline.
            let ms = Int32(min(Double(Int32.max), (timeout * 1000).rounded(.down)))
            got = ms <= 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, ms)
        } else {
            got = SDL_WaitEvent(&event)
        }
        guard got != 0 else { return [] }
        repeat {
            results.append(wakeTypes.contains(event.type) ? .redraw : translator.translate(&event))
        } while SDL_PollEvent(&event) != 0
        return results
    }

    /// Sleeps until the monotonic clock reaches `deadline` (seconds) without spinning: `nanosleep`
    /// has microsecond resolution on Linux (SDL_Delay rounds to whole milliseconds).
    public static func sleep(until deadline: Double) {
        var remaining = deadline - Video.seconds()
        while remaining > 0.00005 {
            var request = timespec(tv_sec: Int(remaining), tv_nsec: Int((remaining - remaining.rounded(.down)) * 1e9))
            var left = timespec()
            nanosleep(&request, &left)
            remaining = deadline - Video.seconds()
        }
    }
}
