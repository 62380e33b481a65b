/// Time on the app's clock, in seconds: an instant (seconds since the app's time origin, which
/// is the window's start or 0 in snapshots and tests) or a span between two instants. Every
/// time-taking API in the core speaks this unit, so a value in milliseconds or a wall-clock epoch
/// never passes for one unnoticed in a signature.
public typealias Seconds = Double
