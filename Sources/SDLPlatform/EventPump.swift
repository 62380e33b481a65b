internal import CSDL2
import PlumageCore

/// Waits for SDL events without busy-waiting and hands them out translated; main thread only.
public struct EventPump {
    /// Converts window units to points.
    public var translator = EventTranslator()
    /// The mailbox wake-up event type (decoded images arrived).
    let wakeType: UInt32

    /// Creates a pump that recognises `wakeType` as the decode mailbox's doorbell.
    public init(wakeType: UInt32) { self.wakeType = wakeType }

    /// Blocks until an event arrives or `timeout` seconds pass (nil = wait indefinitely), then
    /// returns every queued event, translated. The image doorbell comes back as `.redraw`.
    public func wait(timeout: Double?) -> [EventTranslator.Translation] {
        var event = SDL_Event()
        var results: [EventTranslator.Translation] = []
        let got: Int32
        if let timeout {
            got = timeout <= 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, Int32((timeout * 1000).rounded(.up)))
        } else {
            got = SDL_WaitEvent(&event)
        }
        guard got != 0 else { return [] }
        repeat {
            results.append(event.type == wakeType ? .redraw : translator.translate(&event))
        } while SDL_PollEvent(&event) != 0
        return results
    }

    /// Sleeps until the monotonic clock reaches `deadline` (seconds): coarse sleep, then a short spin,
    /// because SDL's millisecond timers jitter by a whole millisecond.
    public static func sleep(until deadline: Double) {
        let remaining = deadline - Video.seconds()
        if remaining > 0.002 { SDL_Delay(UInt32((remaining - 0.0015) * 1000)) }
        while Video.seconds() < deadline {}
    }
}
