import PlumageCore

/// The platform of runs without a window (`bench`, `snapshot`, tests): the backend carries out its
/// share of the effects (photo and image work, text input); the window's (quit, fullscreen,
/// reload, links, opening and saving files, reading photo headers) are ignored and answered with
/// nothing, so a tool never touches the user's files or desktop.
public struct HeadlessPlatform: Platform {
    /// The backend that decodes and draws.
    public let backend: SDLBackend

    /// The platform of `backend`.
    public init(backend: SDLBackend) { self.backend = backend }

    /// Hands `effects` to the backend; answers with no events.
    public mutating func perform(_ effects: [Effect]) -> [InputEvent] {
        backend.carryOut(effects)
        return []
    }
}

/// Drawing an app with no window: the backend's frame steps through a `HeadlessPlatform` of its own.
extension SDLBackend {
    /// `drawFrame(of:at:statistics:platform:)` through a `HeadlessPlatform` of this backend.
    @discardableResult
    public func drawFrame(of app: inout AppState, at time: Seconds, statistics: FrameStatistics?) -> Frame {
        var platform = HeadlessPlatform(backend: self)
        return drawFrame(of: &app, at: time, statistics: statistics, platform: &platform)
    }

    /// `drawSettled(_:at:statistics:timeout:platform:)` through a `HeadlessPlatform` of this backend.
    public func drawSettled(_ app: inout AppState, at time: Seconds, statistics: FrameStatistics? = nil,
                            timeout: Double = 20) {
        var platform = HeadlessPlatform(backend: self)
        drawSettled(&app, at: time, statistics: statistics, timeout: timeout, platform: &platform)
    }

    /// Hands `event` to `app` at `time` and carries out what it asks for through a
    /// `HeadlessPlatform` of this backend.
    public func handle(_ event: InputEvent, of app: inout AppState, at time: Seconds) {
        var platform = HeadlessPlatform(backend: self)
        app.handle(event, at: time, through: &platform)
    }
}
