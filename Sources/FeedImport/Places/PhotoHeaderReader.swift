import Imaging
import PlumageCore

/// Reads the headers of a place's photos (size as shown, EXIF DateTimeOriginal) with the viewer's
/// one header probe (`ImageHeader.probe`), on whatever thread calls it, handing results out in
/// batches: the first few at once (the rows on screen), then every `interval`.
public enum PhotoHeaderReader {
    /// Results in the first batch: about a screen of rows.
    static let firstBatch = 12

    /// What the header of `task`'s photo in `folder` says, or why it cannot be read.
    public static func header(of task: PhotoHeaderTask, in folder: String) -> PhotoHeader {
        switch ImageFileProbe.info(ofImageAt: folder + "/" + task.name) {
        case let .success(info):
            return PhotoHeader(index: task.index, name: task.name, size: info.orientedSize, taken: info.taken.map(Timestamp.init))
        case let .failure(error):
            return PhotoHeader(index: task.index, name: task.name, size: nil, taken: nil, problem: error.message)
        }
    }

    /// Reads every header of `request` in order, handing batches to `deliver`; stops early, without
    /// delivering what is left, once `cancellation` is cancelled.
    public static func read(_ request: PhotoHeaderRequest, cancellation: ScanCancellation? = nil,
                            interval: Duration = .milliseconds(50), deliver: (PhotoHeaderBatch) -> Void) {
        var pending: [PhotoHeader] = []
        var deliveredAny = false
        var last = ContinuousClock.now
        for task in request.tasks {
            if cancellation?.isCancelled == true { return }
            pending.append(header(of: task, in: request.folder))
            if deliveredAny ? ContinuousClock.now - last >= interval : pending.count >= firstBatch {
                deliver(PhotoHeaderBatch(folder: request.folder, headers: pending))
                pending = []
                deliveredAny = true
                last = .now
            }
        }
        if !pending.isEmpty && cancellation?.isCancelled != true {
            deliver(PhotoHeaderBatch(folder: request.folder, headers: pending))
        }
    }
}
