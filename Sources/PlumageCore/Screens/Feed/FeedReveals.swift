/// Clicks on what a feed cell hides or links: a content warning's Show more / Show less, sensitive
/// media not shown yet (the first click shows them; later ones open them as usual) and a link card.
extension FeedScreen {
    /// What a click at window `point` does when it is on a content warning's button, a hidden
    /// medium or a link card; nil when it is on none of them. Opening or showing re-measures the
    /// row, whose top stays where it is on screen (under the pointer).
    mutating func revealClick(at point: Point, env: ScreenEnvironment) -> [Effect]? {
        let column = Self.columnFrame(windowSize: env.windowSize)
        guard let row = rowHit(at: point, env: env), let layout = list.layout(row) else { return nil }
        let origin = Point(x: column.minX, y: list.windowY(ofContentY: list.rowTops[row]))
        let local = Point(x: point.x - origin.x, y: point.y - origin.y)
        let index = list.rows[row]
        let item = source.items[index]
        if let warning = layout.warning, warning.button.contains(local) {
            reveals.toggleContent(of: item.id)
            invalidateRows(showing: index)
            return []
        }
        if layout.hidesMedia, layout.photos.contains(where: { $0.contains(local) }) {
            reveals.revealMedia(of: item.id)
            invalidateRows(showing: index)
            return []
        }
        if let card = layout.card, let link = item.card, card.frame.contains(local) {
            return [EntityChoice.open(link.url)]
        }
        return nil
    }

    /// Drops the layouts of the rows showing item `item` (an index into the source's items), in the
    /// list and in the one kept under an open search box, so they are laid out as now revealed.
    mutating func invalidateRows(showing item: Int) {
        for row in list.rows.indices where list.rows[row] == item { list.invalidate(row: row) }
        guard var saved = listBeforeSearch else { return }
        for row in saved.rows.indices where saved.rows[row] == item { saved.invalidate(row: row) }
        listBeforeSearch = saved
    }
}
