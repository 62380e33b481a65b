/// Clicks on the details' post: its content warning's Show more / Show less (which also shows or
/// hides the tags, links and media listed under it) and its link card.
extension DetailsScreen {
    /// What a click at window `point` does when it is on the post's content warning button or its
    /// link card; nil when it is on neither.
    mutating func postClick(at point: Point, env: ScreenEnvironment) -> [Effect]? {
        guard point.y >= ChromeMetrics.barHeight, let post = layout?.post else { return nil }
        let column = FeedScreen.columnFrame(windowSize: env.windowSize)
        let local = Point(x: point.x - column.minX, y: point.y - ChromeMetrics.barHeight + scroll.offset.rounded())
        if let warning = post.warning, warning.button.contains(local) {
            reveals.toggleContent(of: self.post.id)
            content = Self.content(of: self.post, reveals: reveals)
            selection = nil
            return []
        }
        if let card = post.card, let link = self.post.card, card.frame.contains(local) {
            return [EntityChoice.open(link.url)]
        }
        return nil
    }
}
