/// What the reader has opened of posts that hide something, by item id: the text and media behind
/// a content warning ("Show more"), and sensitive media ("click to show"). A screen's state, kept
/// across reloads (ids, not indices); bounded: past `limit` ids of a kind the oldest is forgotten
/// (that post shows collapsed again), so a long session's clicks never grow without end.
public struct PostReveals: Hashable, Sendable {
    /// Most ids kept of each kind.
    public static let limit = 1024

    /// Ids of posts whose content warning is open, oldest first, and the same as a set.
    private var openedOrder: [String] = []
    private var opened: Set<String> = []
    /// Ids of posts whose sensitive media are shown, oldest first, and the same as a set.
    private var shownOrder: [String] = []
    private var shown: Set<String> = []

    /// Nothing opened.
    public init() {}

    /// True when `item`'s text, media and card show: it has no content warning, or the reader opened it.
    public func showsContent(of item: Item) -> Bool { item.contentWarning == nil || opened.contains(item.id) }

    /// True when `item`'s media draw as themselves: they are not sensitive, or the reader revealed them.
    public func showsMedia(of item: Item) -> Bool { !item.sensitive || shown.contains(item.id) }

    /// Opens the content warning of the post `id` when it is closed, closes it when it is open.
    public mutating func toggleContent(of id: String) {
        if opened.remove(id) != nil {
            openedOrder.removeAll { $0 == id }
            return
        }
        Self.insert(id, into: &opened, order: &openedOrder)
    }

    /// Shows the sensitive media of the post `id` (they stay shown).
    public mutating func revealMedia(of id: String) { Self.insert(id, into: &shown, order: &shownOrder) }

    /// Adds `id`, forgetting the oldest when past `limit`.
    private static func insert(_ id: String, into set: inout Set<String>, order: inout [String]) {
        guard set.insert(id).inserted else { return }
        order.append(id)
        if order.count > limit { set.remove(order.removeFirst()) }
    }
}
