import HostSystem
import JSONKit
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A drawing service for a process that does not load cairo and Pango itself: a
/// `widgethost-render pictures` child process, started on the first request and kept for the
/// next, that answers each ``PictureRequest`` with a ``PictureAnswer`` (one ``ServiceRequest``
/// and one ``ServiceAnswer`` line each way, ``PictureService`` drawing on its side). `preview`, `simulate --format svg` and `preview --watch`
/// (one child for the whole watch) draw through it:
///
/// ```swift
/// let child = try PictureChild.beside().get()  // or PictureChild(program: path)
/// for request in requests {
///     switch child.draw(request) {
///     case .success(let answer): show(answer.pictures)
///     case .failure(let problem): print(problem.message)
///     }
/// }
/// child.stop()                              // or let it go: it is stopped when released
/// ```
///
/// A child that crashes, hangs past ``timeout`` or answers something unreadable is stopped,
/// that request fails with the reason, and the next request starts a new one. Not for use from
/// two threads at once.
public final class PictureChild {
    /// The path of the `widgethost-render` program.
    public let program: String
    /// How long one request may take before the child is stopped and the request fails.
    public var timeout: Duration
    /// How many children it has started: one for all its requests while none failed.
    public private(set) var starts = 0
    private var child: ChildProcess?
    private var pending: [UInt8] = []

    /// The drawing program's file name.
    public static let programName = "widgethost-render"

    /// A service drawing with the `widgethost-render` program beside the running executable (or
    /// in `../libexec/widgethost` from its folder), or where it was looked for.
    public static func beside(timeout: Duration = .seconds(60)) -> Result<PictureChild, SiblingPrograms.NotFound> {
        SiblingPrograms.locate(programName).map { PictureChild(program: $0, timeout: timeout) }
    }

    /// A service drawing with the `widgethost-render` program at `program`; nothing starts until the first request.
    public init(program: String, timeout: Duration = .seconds(60)) {
        self.program = program
        self.timeout = timeout
    }

    deinit { stop() }

    /// The pictures `request` asks for (written into its folder, which the caller creates), or
    /// one sentence saying why there are none.
    public func draw(_ request: PictureRequest) -> Result<PictureAnswer, PictureProblem> {
        let name = program.split(separator: "/").last.map(String.init) ?? program
        let running: ChildProcess
        if let child, !child.hasEnded() {
            running = child
        } else {
            stop()
            do { running = try ChildProcess([program, "pictures"], input: .pipe, output: .pipe, errors: .pipe) } catch {
                return .failure(PictureProblem(error.description))
            }
            child = running
            starts += 1
        }
        let deadline = ContinuousClock.now + timeout
        var err: [UInt8] = []
        let read: ChildProcess.LineRead = running.write(ServiceRequest.pictures(request).line)
            ? running.readLine(&pending, errors: &err, until: deadline) : .ended
        switch read {
        case .line(let bytes):
            guard case .pictures(let answer) = ServiceAnswer.parse(bytes) else {
                stop()
                return .failure(PictureProblem("\(name) answered something that is not a picture answer: \(String(decoding: bytes.prefix(200), as: UTF8.self))"))
            }
            if let problem = answer.problem { return .failure(PictureProblem(problem)) }
            return .success(answer)
        case .timedOut:
            stop(kill: true)
            return .failure(PictureProblem("\(name) took longer than \(timeout) and was stopped"))
        case .ended:
            // What it printed on its way out, with how it ended (killed only if it lingers).
            running.closeInput()
            var out: [UInt8] = []
            let drained = running.drain(into: &out, &err, until: .now + .seconds(5))
            let termination = stop(kill: !drained)
            let said = String(decoding: err.suffix(300), as: UTF8.self)
            return .failure(PictureProblem("\(name) ended \(termination.map(\.description) ?? "") without an answer" + (said.isEmpty ? "" : ": \(said)")))
        }
    }

    /// Stops the child, if one runs: its input is closed, so it ends after the request it is
    /// drawing; the next request starts a new one.
    public func stop() { stop(kill: false) }

    @discardableResult
    private func stop(kill force: Bool) -> ChildProcess.Termination? {
        guard let running = child else { return nil }
        child = nil
        pending = []
        if force { running.signal(SIGKILL) }
        running.closeInput()
        running.closeOutputs()
        return running.wait()
    }
}
