import HostSystem
import JSONKit
import WidgetGeometry
import WidgetHost
import WidgetPictures
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How `widgethost` gets pictures without loading cairo and Pango: it runs
/// `widgethost-render pictures` (found as ``SiblingProgram/locate(_:)`` finds it) as a child process, writes a ``PictureRequest``
/// to its stdin and reads the ``PictureAnswer`` from its stdout. `preview --layout` and
/// `simulate --layout` draw this way; `render` is exec'd into that program whole.
enum PictureClient {
    /// A drawing that takes longer is stopped and reported.
    static let timeout: Duration = .seconds(60)

    /// The pictures, or one sentence saying why there are none.
    static func draw(_ request: PictureRequest) -> Result<PictureAnswer, PictureProblem> {
        let program: String
        switch SiblingProgram.locate(RenderCommand.program) {
        case .success(let path): program = path
        case .failure(let missing): return .failure(PictureProblem("no pictures: they are drawn by \(missing.description)"))
        }
        if !request.folder.isEmpty {
            do { try NewFiles.makeFolders(request.folder) } catch {
                return .failure(PictureProblem("no pictures: cannot create the folder \(request.folder): \(error.path) \(error.message)"))
            }
        }
        let finished: ChildProcess.Finished
        do {
            finished = try ChildProcess.run([program, "pictures"], input: Array(request.json.serialized().utf8), timeout: timeout)
        } catch {
            return .failure(PictureProblem("no pictures: \(error.description)"))
        }
        if finished.timedOut { return .failure(PictureProblem("no pictures: \(RenderCommand.program) took longer than \(timeout) and was stopped")) }
        guard let value = try? JSONValue.parse(bytes: finished.out), let answer = PictureAnswer.parse(value) else {
            let err = String(decoding: finished.err.suffix(300), as: UTF8.self)
            return .failure(PictureProblem("no pictures: \(RenderCommand.program) ended \(finished.termination) without an answer" + (err.isEmpty ? "" : ": \(err)")))
        }
        if let problem = answer.problem { return .failure(PictureProblem("no pictures: \(problem)")) }
        return .success(answer)
    }
}

/// The drawing side's image files: read as `widgethost render` reads them (``WidgetFiles``),
/// from the request's state folder as its widget's files.
package enum PictureFiles {
    /// The reader of `request`'s image files; without a state folder (the run's files kept in
    /// memory) they lived in the asking process only, so each image draws its placeholder and says so.
    package static func imageReader(_ request: PictureRequest) -> AssetReader {
        guard let folder = request.stateFolder else {
            return { _ in
                .problem(AssetProblem(.imageMissing, "is drawn as a placeholder: the run kept its files in memory, in the process that ran it; give --state DIR to draw it"))
            }
        }
        return WidgetFiles.imageReader(StateStore(directory: folder), widget: request.widget)
    }

    /// The reader of `request`'s icon files (`NAME.svg` in its icons folder), or nil without one.
    package static func iconReader(_ request: PictureRequest) -> AssetReader? {
        request.icons.map(WidgetFiles.iconReader)
    }
}
