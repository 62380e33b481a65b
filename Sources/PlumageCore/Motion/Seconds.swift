/// Time on the app's clock, in seconds: an instant (seconds since the app's time origin, which
/// is the window's start or 0 in snapshots and tests) or a span between two instants. A named
/// unit, not a distinct type: it says in every signature of the core what a time means, so values
/// in other units are spelled differently (`workMs`, `Timestamp` for wall-clock dates), but the
/// compiler does not tell a `Seconds` from another `Double`.
public typealias Seconds = Double
