/// The one place effects leave the core (DESIGN §1b): whoever owns an `AppState` (the window loop,
/// `bench`, `snapshot`, tests) hands every effect `handle` or `update` returns to its platform, and
/// the events the platform answers with at once (a link opened or not, a source opened) back to
/// `handle`. What the platform learns later (decoded pixels, a background read) arrives as news.
///
/// Example: `app.handle(.key(.f5, []), at: now, through: &platform)` — the reload the key asks for is
/// carried out, and the reloaded source handled, before it returns.
public protocol Platform {
    /// Carries out `effects` in order and returns the events they are answered with now (in order),
    /// for `AppState.handle`; effects the platform has no means for are ignored.
    mutating func perform(_ effects: [Effect]) -> [InputEvent]
}

extension AppState {
    /// Handles `event` at `time` and carries out what it asks for through `platform`
    /// (`carryOut(_:at:through:)`).
    public mutating func handle(_ event: InputEvent, at time: Seconds, through platform: inout some Platform) {
        carryOut(handle(event, at: time), at: time, through: &platform)
    }

    /// Hands `effects` to `platform`, the events it answers with to `handle` (at `time`), their
    /// effects to `platform` again, and so on until it answers with none.
    public mutating func carryOut(_ effects: [Effect], at time: Seconds, through platform: inout some Platform) {
        var effects = effects
        while !effects.isEmpty {
            let answers = platform.perform(effects)
            effects = answers.flatMap { handle($0, at: time) }
        }
    }
}
