/// The search box: typing filters the list as one goes; Enter keeps the results as a pushed
/// search feed; Esc (or the search button) closes the box and shows the list as it was.
extension FeedScreen {
    /// Opens the search box, keeping the list to come back to.
    mutating func openSearch(env: ScreenEnvironment) -> [Effect] {
        guard searchField == nil else { return [] }
        if picker.isOpen { picker.toggle(at: env.time) }
        searchField = SearchField()
        searchFieldFrame = env.bar.searchFieldFrame
        listBeforeSearch = list
        return []
    }

    /// Closes the search box and shows the list as it was before.
    mutating func closeSearch() -> [Effect] {
        searchField = nil
        if let saved = listBeforeSearch { list = saved }
        listBeforeSearch = nil
        selection = nil
        return []
    }

    /// An event while the search box is open: editing, Enter, Esc; nil for events the list
    /// handles as usual (wheel, clicks, drags).
    mutating func handleSearch(_ event: InputEvent, env: ScreenEnvironment) -> [Effect]? {
        guard var field = searchField else { return nil }
        var changed = false
        switch event {
        case let .text(typed), let .paste(typed):
            field.insert(typed)
            changed = true
        case let .composition(composing):
            field.compose(composing)
        case let .key(key, modifiers):
            switch key {
            case .backspace:
                field.deleteBackward(word: modifiers.contains(.control))
                changed = true
            case .left: field.moveCaret(by: -1)
            case .right: field.moveCaret(by: 1)
            case .home: field.moveCaret(toEnd: false)
            case .end: field.moveCaret(toEnd: true)
            case .up: select(-1, env: env)
            case .down: select(1, env: env)
            case .escape: return closeSearch()
            case .enter: return submitSearch(field.text, env: env)
            default: break
            }
        default:
            return nil
        }
        searchField = field
        if changed { showMatches(of: field.text, index: env.searchIndex) }
        return []
    }

    /// Enter in the search box: the selected result's details when one is chosen, else the
    /// results as a pushed search feed (nothing typed: the box just closes).
    mutating func submitSearch(_ text: String, env: ScreenEnvironment) -> [Effect] {
        let query = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let chosen = selection.flatMap { list.rows.indices.contains($0) ? list.rows[$0] : nil }
        let closing = closeSearch()
        if let chosen { return closing + [.push(detailsScreen(item: chosen))] }
        return query.isEmpty ? closing : closing + [.push(Self.search(query, in: source, index: env.searchIndex))]
    }

    /// Shows the items matching `query` (all of the source's), or the list as it was when empty.
    mutating func showMatches(of query: String, index: SearchIndex?) {
        let search = SearchQuery(query)
        selection = nil
        if search.terms.isEmpty {
            if let saved = listBeforeSearch { list = saved }
            return
        }
        list = FeedList(rows: Self.matches(of: search, in: source, index: index))
    }
}
