import Canvas
import HostSystem
import JSONKit
import Layout
import WidgetGeometry

/// The drawing side, in `widgethost-render pictures`: draws every picture a ``PictureRequest``
/// asks for through ``WidgetPictures``, writes each file and answers with them. The program's
/// service loop answers any number of requests, one line each, so an asking side that keeps the
/// child (`PictureChild`) pays its start-up and font loading once.
public enum PictureService {
    /// The answer to `request`, drawn with `drawer`; `images` gives the reader of the request's
    /// image files (its state folder and widget), `icons` the reader of its icon files (nil
    /// without an icons folder).
    public static func answer<Drawing: WidgetDrawing>(_ request: PictureRequest, drawer: Drawing,
                                                      images: (PictureRequest) -> AssetReader,
                                                      icons: (PictureRequest) -> AssetReader?) -> PictureAnswer {
        let document = request.layout
        if case .lines = document.body { return PictureAnswer(pictures: [], problem: nil) }
        // Read and decoded once for every job, family and scheme.
        let assets = drawer.assets(images: images(request), icons: icons(request))
        var pictures: [AnsweredPicture] = []
        let folder = request.folder.isEmpty || request.folder.hasSuffix("/") ? request.folder : request.folder + "/"
        for (index, job) in request.jobs.enumerated() {
            let options = GeometryOptions(now: Double(job.now), utcOffsetSeconds: job.utcOffsetSeconds)
            for family in job.families {
                let schemes = WidgetPictures.draw(document, outputs: job.outputs, family: family, device: request.device,
                                                  scale: request.scale, schemes: job.schemes, options: options, assets: assets,
                                                  drawer: drawer)
                for (scheme, drawn) in zip(job.schemes, schemes) {
                    // No folder: the pictures are answered (their bytes and findings), not written.
                    let file = request.folder.isEmpty ? "" : folder + WidgetPictures.fileName(stem: job.stem, family: family, scheme: scheme)
                    if !file.isEmpty {
                        do { try AtomicFile.write(drawn.bytes, toPath: file) } catch {
                            return PictureAnswer(pictures: pictures, problem: "cannot write the picture \(file): \(error.message)")
                        }
                    }
                    pictures.append(AnsweredPicture(
                        job: index, family: family, scheme: scheme, file: file, base64: Base64.encode(drawn.bytes),
                        pixelWidth: drawn.pixelWidth, pixelHeight: drawn.pixelHeight, width: drawn.width, height: drawn.height,
                        diagnostics: PictureDiagnostic.all(drawn), components: drawn.components))
                }
            }
        }
        return PictureAnswer(pictures: pictures, problem: nil)
    }
}
