import Conformance
import HostSystem
import WidgetGeometry
import WidgetHost
import WidgetPictures

/// How `widgethost` gets pictures without loading cairo and Pango: through a ``PictureChild``,
/// a `widgethost-render pictures` child process found by `SiblingPrograms.locate`, kept
/// for every request the client makes. `preview --layout` (one client for a whole `--watch`)
/// and `simulate --layout --format svg` draw this way; `render` is exec'd into that program
/// whole, and `test` runs its workers as it (``TestCommand/workerCommand()``).
package final class PictureClient {
    /// A drawing that takes longer is stopped and reported.
    static let timeout: Duration = .seconds(60)
    private var child: PictureChild?

    /// A client; the program is looked for, and started, on the first request.
    package init() {}

    /// The pictures, or one sentence saying why there are none.
    package func draw(_ request: PictureRequest) -> Result<PictureAnswer, PictureProblem> {
        let child: PictureChild
        if let running = self.child {
            child = running
        } else {
            switch PictureChild.beside(timeout: Self.timeout).mapError(SiblingMissing.init) {
            case .success(let found): child = found
            case .failure(let missing): return .failure(PictureProblem("no pictures: they are drawn by \(missing.description)"))
            }
            self.child = child
        }
        if !request.folder.isEmpty {
            do { try NewFiles.makeFolders(request.folder) } catch {
                return .failure(PictureProblem("no pictures: cannot create the folder \(request.folder): \(error.path) \(error.message)"))
            }
        }
        return child.draw(request).mapError { PictureProblem("no pictures: \($0.message)") }
    }

    /// The pictures of one request, drawn by a child started for it alone.
    static func draw(_ request: PictureRequest) -> Result<PictureAnswer, PictureProblem> {
        PictureClient().draw(request)
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
