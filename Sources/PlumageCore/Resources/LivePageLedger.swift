/// The live-feed pages the screens want and which of them the platform is reading: each wanted
/// page is handed to the platform once (`Effect.readLivePages`) and is in flight until its final
/// news arrives. Screens that want the same page (a tag pushed twice) share one read.
public struct LivePageLedger: Sendable {
    /// Pages handed to the platform and not finally answered.
    public private(set) var inFlight: Set<LivePageRequest> = []

    /// An empty ledger.
    public init() {}

    /// Records that `pages` are wanted now; returns the read of those not already in flight.
    public mutating func want(_ pages: [LivePageRequest]) -> [Effect] {
        var new: [LivePageRequest] = []
        for page in pages where inFlight.insert(page).inserted { new.append(page) }
        return new.isEmpty ? [] : [.readLivePages(new)]
    }

    /// Records `result` for `request`: a final one ends the read.
    public mutating func answered(_ request: LivePageRequest, _ result: LivePageResult) {
        if result.isFinal { inFlight.remove(request) }
    }
}
