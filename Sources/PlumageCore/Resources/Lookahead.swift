/// What the next frames will likely want, besides what this one shows: the images of rows just
/// outside the view (the ledger asks for them at a lower priority), the text of rows about to
/// scroll in (the platform renders a few in idle time, so rows arrive with their text ready) and
/// the pages of live feeds to read (the first page, the older one when the end is near, newer
/// ones after F5). Made by a pure `lookahead` beside the pure `frame`; nothing in it is drawn.
public struct Lookahead: Sendable {
    /// Images likely needed soon, nearest first.
    public var images: [ImageRequest]
    /// Text likely drawn soon, nearest first, as `.text` commands (their positions do not matter).
    public var text: [DrawCommand]
    /// Live-feed pages wanted now.
    public var pages: [LivePageRequest]
    /// Creates a lookahead.
    public init(images: [ImageRequest] = [], text: [DrawCommand] = [], pages: [LivePageRequest] = []) {
        self.images = images; self.text = text; self.pages = pages
    }

    /// Puts `other` first: the screen on top is the one the user looks at.
    public mutating func prepend(_ other: Lookahead) {
        images = other.images + images
        text = other.text + text
        pages = other.pages + pages
    }
}
