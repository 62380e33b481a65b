import ArgumentParser
import FeedImport
import Foundation
import Imaging
import PlumageCore
import SDLPlatform

/// `plumage bench image FILE`: decode times (preview, full, a plain TurboJPEG decode of the same
/// file for reference), the CPU time of an idle frame of the fitted photo, frame times of a
/// deterministic wheel-zoom-and-pan script at 1280×800, and the CPU time of the first frame after
/// paging to a warmed neighbour.
struct ImageBench: ParsableCommand {
    /// The `image` subcommand's name and abstract.
    static let configuration = CommandConfiguration(commandName: "image", abstract: "Decode and zoom an image.")

    /// Path of the image file.
    @Argument(help: "The image file.", completion: .file()) var file: String
    /// Canvas size in points (drawn at scale 1).
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size: SizeArgument = .defaultWindow
    /// Number of frames of the zoom-and-pan script (at least 30).
    @Option(help: "Frames of the zoom-and-pan script.") var frames = 300
    /// True to print the report as one JSON object.
    @Flag(help: "Print JSON.") var json = false
    /// True to leave the neighbours' renditions unmade (the image view as before they existed), for
    /// before/after comparisons of `page_frame_ms` in one build.
    @Flag(help: "Make no renditions of the neighbours ahead (compare page_frame_ms).") var withoutRenditions = false
    /// Path of an optional per-frame CSV file; nil writes none.
    @Option(help: "Also write one CSV line per frame (frame,scale,level,work_ms,ahead_ms).", completion: .file()) var csv: String?

    /// Rejects fewer than 30 frames.
    func validate() throws {
        guard frames >= 30 else { throw ValidationError("--frames must be at least 30") }
    }

    /// Measures decoding, then draws the script headlessly and prints the report; exits with a message on failure.
    func run() throws {
        let startup = Startup(paths: [file])
        do {
            try Video.initialize(headless: true)
            let canvas = try Canvas(size: DisplayScale.one.pixels(size.size))
            let view = PixelSize(width: Int(size.size.width), height: Int(size.size.height - ChromeMetrics.barHeight))
            let timing = try PhotoLoader.measure(source: .file(FileSystemPath.absolute(file)), viewSize: view)
            let backend = try startup.backend(renderer: canvas.renderer, systemEmoji: false)
            backend.executor.makesRenditionsAhead = !withoutRenditions
            var app = startup.app(theme: startup.theme(named: nil))
            _ = app.handle(.resized(size.size, .one), at: 0)
            backend.drawSettled(&app, at: 0)
            // Idle frames of the fitted photo (what a window redraws while nothing moves, or the FPS
            // overlay is on): CPU time of the main thread per frame, idle work included.
            var idle: [Double] = []
            for frame in 0..<Self.idleFrames {
                let cpu = ThreadUsage.cpuMs()
                backend.drawFrame(of: &app, at: Double(frame) / 600, statistics: nil)
                canvas.renderer.presentFrame()
                while backend.hasWorkAhead { backend.workAhead(until: Video.seconds() + 0.004) }
                idle.append(ThreadUsage.cpuMs() - cpu)
            }
            var work: [Double] = []
            var ahead: [Double] = []
            var lines = ["frame,scale,level,work_ms,ahead_ms"]
            for frame in 0..<frames {
                let time = Double(frame + 1) / 60
                for event in script(frame: frame) { backend.handle(event, of: &app, at: time) }
                let start = Video.seconds()
                backend.drawFrame(of: &app, at: time, statistics: nil)
                canvas.renderer.presentFrame()
                work.append((Video.seconds() - start) * 1000)
                ahead.append(Self.workAhead(backend, frameStart: start) * 1000)
                let v = app.top(as: PhotoScreen.self)?.viewport
                lines.append("\(frame),\(String(format: "%.3f", v?.scale ?? 0)),\(v?.pyramidLevel ?? -1),"
                    + "\(f(work.last!)),\(f(ahead.last!))")
            }
            if let csv { Output.write(lines.joined(separator: "\n"), toFile: csv) }
            // The peak before paging decodes a second photo (the figure as before `page_frame_ms`).
            let peakRSS = peakRSSMegabytes()
            let paging = try pageFrames(backend, canvas: canvas, app: &app, file: FileSystemPath.absolute(file),
                                        from: Double(frames + 1) / 60)
            let p = { (q: Double) in FrameStatistics.percentile(work, q) }
            let info = app.top(as: PhotoScreen.self)?.viewport?.imageSize ?? PixelSize(width: 0, height: 0)
            let fields: [(String, String)] = [
                ("width", "\(info.width)"), ("height", "\(info.height)"),
                ("preview_ms", f(timing.previewMs)), ("full_ms", f(timing.fullMs)),
                ("turbojpeg_full_ms", timing.turbojpegFullMs.map(f) ?? "null"),
                ("idle_frame_ms", "{\"p50\": \(f(FrameStatistics.percentile(idle, 0.5))), "
                    + "\"p99\": \(f(FrameStatistics.percentile(idle, 0.99)))}"),
                ("page_frame_ms", "{\"p50\": \(f(FrameStatistics.percentile(paging.first, 0.5))), "
                    + "\"p99\": \(f(FrameStatistics.percentile(paging.first, 0.99)))}"),
                ("page_settle_ms", f(FrameStatistics.percentile(paging.settling, 0.5))),
                ("renditions_made", "\(backend.executor.renditionsMade)"),
                ("rendition_ms", f(backend.executor.renditionsMs / Double(max(1, backend.executor.renditionsMade)))),
                ("zoom_p50_ms", f(p(0.5))), ("zoom_p99_ms", f(p(0.99))), ("zoom_max_ms", f(work.max() ?? 0)),
                ("ahead_p50_ms", f(FrameStatistics.percentile(ahead, 0.5))), ("frames", "\(work.count)"), ("peak_rss_mb", f(peakRSS)),
            ]
            if json {
                print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
            } else {
                for (k, v) in fields { print("\(k.padding(toLength: 18, withPad: " ", startingAt: 0)) \(v)") }
            }
        } catch {
            fail("\(file): \(error)")
        }
    }

    /// Idle frames measured after the photo has settled.
    static let idleFrames = 120
    /// Pages measured by `pageFrames`.
    static let pages = 40

    /// Opens an image view on `file` and a second path to the same bytes (a symbolic link in a
    /// temporary folder: another photo to the app) and pages between them `pages` times, settling
    /// in between as an idle window does (frames with idle work until nothing decodes, uploads or
    /// waits); returns the CPU milliseconds of the main thread for the first frame after each page
    /// (drawn and presented), and for the settling after it (its frames and idle work: tile uploads,
    /// renditions). Times start at `time`.
    func pageFrames(_ backend: SDLBackend, canvas: Canvas, app: inout AppState, file: String,
                    from time: Double) throws -> (first: [Double], settling: [Double]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plumage-bench-page-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let other = folder + "/neighbour." + ((file as NSString).pathExtension.isEmpty ? "jpg" : (file as NSString).pathExtension)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: file)
        var t = time
        app.push(PhotoScreen(photos: [Photo(source: .file(file), title: "photo"), Photo(source: .file(other), title: "neighbour")], index: 0,
                             context: "bench"), at: t, animated: false)
        func settle(_ app: inout AppState) {
            let deadline = Video.seconds() + 20
            var quiet = 0
            while quiet < 3 && Video.seconds() < deadline {
                t += 1.0 / 60
                backend.drawFrame(of: &app, at: t, statistics: nil)
                canvas.renderer.presentFrame()
                while backend.hasWorkAhead { backend.workAhead(until: Video.seconds() + 0.004) }
                if backend.isBusy {
                    quiet = 0
                    usleep(2000)
                } else {
                    quiet += 1
                }
            }
        }
        settle(&app)
        var firsts: [Double] = [], settling: [Double] = []
        for page in 0..<Self.pages {
            t += 1.0 / 60
            backend.handle(.key(.character(page % 2 == 0 ? "n" : "p"), []), of: &app, at: t)
            let cpu = ThreadUsage.cpuMs()
            backend.drawFrame(of: &app, at: t, statistics: nil)
            canvas.renderer.presentFrame()
            firsts.append(ThreadUsage.cpuMs() - cpu)
            let settleCPU = ThreadUsage.cpuMs()
            settle(&app)
            settling.append(ThreadUsage.cpuMs() - settleCPU)
        }
        return (firsts, settling)
    }

    /// The idle-time work `MainLoop` does between frames at 60 Hz (4 ms chunks, stopping 6 ms before
    /// the next deadline), done by `backend` after the frame that started at `frameStart`; returns its seconds.
    static func workAhead(_ backend: SDLBackend, frameStart: Double) -> Double {
        let deadline = frameStart + 1.0 / 60, begin = Video.seconds()
        while backend.hasWorkAhead && deadline - Video.seconds() > 0.007 {
            backend.workAhead(until: min(Video.seconds() + 0.004, deadline - 0.006))
        }
        return Video.seconds() - begin
    }

    /// The input of one frame, a pure function of its index: a third zooming in at an off-centre
    /// point, a third dragging (pan), a third zooming out at another point.
    func script(frame: Int) -> [InputEvent] {
        let third = frames / 3
        let w = size.size.width, h = size.size.height
        if frame < third {
            return [.wheel(dx: 0, dy: 0.12, at: Point(x: w * 0.7, y: h * 0.35), [])]
        }
        if frame < 2 * third {
            let k = Double(frame - third)
            let start = Point(x: w / 2, y: h / 2)
            let p = Point(x: start.x - k * 5, y: start.y - k * 3)
            if frame == third { return [.pointerDown(.left, at: start), .pointerMoved(to: p)] }
            if frame == 2 * third - 1 { return [.pointerMoved(to: p), .pointerUp(.left, at: p)] }
            return [.pointerMoved(to: p)]
        }
        return [.wheel(dx: 0, dy: -0.12, at: Point(x: w * 0.3, y: h * 0.65), [])]
    }

    /// `v` with three decimals.
    func f(_ v: Double) -> String { String(format: "%.3f", v) }
}

/// Absolute paths for command-line arguments.
enum FileSystemPath {
    /// `path` made absolute against the current directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}
