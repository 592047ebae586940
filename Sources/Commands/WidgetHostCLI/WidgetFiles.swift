import HostSystem
import WidgetGeometry
import WidgetHost
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where `widgethost render --family` finds the files a layout shows: an image's file (File
/// mode) among the files the run kept, read as the script's `FileManager` reads them (A5), and
/// an icon's `NAME.svg` in `--icons DIR`, opened without following a link. Both go through the
/// one confined file access (`HostSystem.FileSystem`); the drawing program decodes them.
enum WidgetFiles {
    /// Reads an image's `content` from `store` (the state folder the run used, or the files it
    /// kept in memory), as `widget`'s file.
    static func imageReader(_ store: StateStore, widget: String) -> AssetReader {
        let place = store.directory.map { "the state folder \($0)" } ?? "the run's files (no --state: they lived as long as the run)"
        return { content in
            let bytes = Array(content.utf8)
            if !bytes.contains(0x3A), !bytes.contains(0x2F), !bytes.isEmpty, bytes.allSatisfy({ $0 == 0x2D || (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }) {
                return .problem(AssetProblem(.imageMissing, "is a Photo-mode id; the host has no photo library, so a placeholder is drawn. Use File mode: a path such as fm.documents() + \"photo.jpg\""))
            }
            switch store.read(scriptPath: content, widget: widget, limit: AssetLimits.imageFileBytes) {
            case .success(let found?):
                return .bytes(found)
            case .success(nil):
                return .problem(AssetProblem(.imageMissing, "is not in \(place); the script saves it with FileManager (fm.saveImage or fm.writeString), and render reads it after the run. A placeholder is drawn"))
            case .failure(let problem):
                switch problem.kind {
                case .refused: return .problem(AssetProblem(.imageRefused, problem.message + "; a placeholder is drawn"))
                case .tooLarge: return .problem(AssetProblem(.imageTooLarge, problem.message + ", the most the host reads of an image; it is not read, a placeholder is drawn"))
                case .unreadable: return .problem(AssetProblem(.imageMissing, problem.message + "; a placeholder is drawn"))
                }
            }
        }
    }

    /// `--icons DIR` must name a folder that can be opened.
    static func checkIconFolder(_ folder: String) throws(CommandError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw CommandError("cannot open the icons folder \(folder): \(String(cString: strerror(errno)))", kind: .input(.missing))
        }
        close(fd)
    }

    /// Reads `NAME.svg` from `folder` for an icon named `NAME`: a name with `/` or NUL never
    /// names a file there, and the file is opened without following a link.
    static func iconReader(_ folder: String) -> AssetReader {
        { name in
            let bytes = Array(name.utf8)
            let file = bytes + Array(".svg".utf8)
            let display = folder + (folder.hasSuffix("/") ? "" : "/") + name + ".svg"
            if bytes.isEmpty || bytes.contains(0x2F) || bytes.contains(0) || file.count > 255 {
                return .problem(AssetProblem(.iconPlaceholder, "is drawn as a neutral placeholder: it cannot name a file in \(folder) (empty, a '/', a NUL, or longer than 251 bytes)"))
            }
            do throws(FileSystemError) {
                guard let found = try FileSystem.read(FileSystem.Location(base: folder, folders: [], name: file, display: display), limit: AssetLimits.iconFileBytes) else {
                    return .problem(AssetProblem(.iconPlaceholder, "is drawn as a neutral placeholder: \(display) does not exist (SF Symbols cannot ship)"))
                }
                return .bytes(found)
            } catch {
                return .problem(AssetProblem(.iconUnreadable, "has no usable SVG: \(error.path) \(error.message); the placeholder glyph is drawn"))
            }
        }
    }
}
