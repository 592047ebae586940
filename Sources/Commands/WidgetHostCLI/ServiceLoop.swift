import Canvas
import Conformance
import ErrorKinds
import WidgetHost
import WidgetPictures
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The service `widgethost-render` is to the commands that stay in `widgethost`: one
/// ``ServiceRequest`` a line on stdin, one ``ServiceAnswer`` a line on stdout, until stdin ends.
/// `widgethost-render pictures` (asked by ``PictureChild``) and every `test --worker` (asked by
/// `WorkerPool`) are this one loop; what draws is handed in, so in `widgethost` itself (no
/// drawer) a fixture that draws fails saying so, and pictures are refused.
package enum ServiceLoop {
    /// Answers every request on stdin; `update` writes fixtures' goldens instead of comparing;
    /// `edition` is the edition of fixtures that name none (`test --edition`).
    package static func serve(update: Bool, edition: Edition? = nil, drawer: (any CanvasDrawing)?, widgets: (any WidgetDrawing)?) -> Int32 {
        let runner = FixtureRunner()
        runner.updateGoldens = update
        runner.defaultEdition = edition
        runner.drawer = drawer
        runner.widgets = widgets
        while let line = readLine() {
            guard !line.isEmpty else { continue }
            let answer: ServiceAnswer
            switch ServiceRequest.parse(Array(line.utf8)) {
            case .success(.fixture(let file)):
                answer = .fixture(runner.run(file).json)
            case .success(.pictures(let request)):
                guard let widgets else {
                    answer = .pictures(PictureAnswer(pictures: [], problem: "this program cannot draw pictures; \(RenderCommand.program) draws them"))
                    break
                }
                answer = .pictures(PictureService.answer(request, drawer: widgets, images: PictureFiles.imageReader, icons: PictureFiles.iconReader))
            case .failure(let problem):
                answer = .pictures(PictureAnswer(pictures: [], problem: problem.message))
            }
            fputs(answer.line, stdout)
            fflush(stdout)
        }
        return ExitStatus.success
    }
}
