import FeedImport
import PlumageCore

/// A photo folder in the headless commands (`snapshot`): the scan and the header reads the window
/// runs in the background are done here on the calling thread, to the end, before drawing.
extension Startup {
    /// Scans the photo folder named on the command line to the end, handing every batch to `app`;
    /// nothing when no folder was named.
    func scanPlacesNow(into app: inout AppState) {
        guard let placesRoot else { return }
        PlaceScanner(rootPath: placesRoot).scan(generation: 1) { _ = app.handle(.placesScanned($0), at: 0) }
    }
}

extension AppState {
    /// Reads every unread header of the place whose photos are on top, handing them to the app;
    /// nothing when the top screen is no photo list.
    mutating func readPlaceHeadersNow() {
        guard let request = top(as: PlaceScreen.self)?.headerRequest() else { return }
        PhotoHeaderReader.read(request) { _ = handle(.photoHeaders($0), at: 0) }
    }
}
