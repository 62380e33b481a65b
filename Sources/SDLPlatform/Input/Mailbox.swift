internal import CSDL2
import Locking

/// The hand-off from worker threads to the main loop (sdl-notes.md §6): messages queue under a
/// `Locked`, and a post into an empty queue pushes one SDL user event of `eventType` so a loop
/// blocked in `SDL_WaitEvent*` wakes and calls `drain()`. One wake-up per batch; no pointers ride
/// in the event, so a dropped event leaks nothing.
public final class Mailbox<Message: Sendable>: Sendable {
    /// Queued messages, plus whether the last wake-up push failed and must be retried.
    private struct State {
        /// Messages posted and not yet drained, oldest first.
        var messages: [Message] = []
        /// True when the last wake-up event could not be pushed; the next post retries.
        var wakeFailed = false
    }

    private let state = Locked(State())
    /// The SDL event type this mailbox pushes; the main loop drains when it sees it.
    public let eventType: UInt32

    /// Registers a user event type. Call on the main thread after `SDL_Init`; throws when SDL has no
    /// user event types left.
    public init() throws(SDLError) {
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else {
            throw SDLError(function: "SDL_RegisterEvents", message: "no user event types left")
        }
        eventType = type
    }

    /// Queues `message` (any thread) and wakes the main loop when the queue was empty.
    public func post(_ message: Message) {
        let wake = state.withLock { state in
            state.messages.append(message)
            let wake = state.messages.count == 1 || state.wakeFailed
            state.wakeFailed = false
            return wake
        }
        guard wake else { return }
        var event = SDL_Event()
        event.type = eventType
        if SDL_PushEvent(&event) < 0 {
            SDL_ClearError()
            state.withLock { $0.wakeFailed = true }
        }
    }

    /// Takes every queued message, oldest first (main thread, on `eventType` or any time).
    public func drain() -> [Message] {
        state.withLock { state in
            var taken: [Message] = []
            swap(&taken, &state.messages)
            return taken
        }
    }
}
