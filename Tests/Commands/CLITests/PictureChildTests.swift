import Canvas
import JSONKit
import Conformance
import HostSystem
import Layout
import TestSupport
import WidgetGeometry
import WidgetPictures
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The one way a process without cairo and Pango reaches pictures: ``PictureChild`` asking
/// `widgethost-render pictures`, one typed request and answer a line, one child for many requests.
final class PictureChildTests: XCTestCase {
    /// A text and a canvas with an unknown op: one picture with a canvas diagnostic naming index 1.
    private func request(greeting: String = "Hello", families: [WidgetFamily] = [.small], folder: String = "") throws -> PictureRequest {
        let layout = try LayoutDocument.parse(text: """
            {"type": "vstack", "children": [{"type": "text", "content": "${greeting}"},
             {"type": "canvas", "width": 40, "height": 20, "content": [{"op": "rect", "x": 0, "y": 0, "width": 10, "height": 10}, {"op": "spiral"}]}]}
            """)
        let job = PictureRequest.Job(stem: "hello", outputs: ["greeting": .string(greeting)], now: 1_764_400_000_000, utcOffsetSeconds: 0,
                                     families: families, schemes: [.light, .dark])
        return PictureRequest(layout: layout, device: .reference, scale: 1, folder: folder, jobs: [job])
    }

    func testTheRequestTravelsAsItsTypeWithTheLayoutTreeNotItsText() throws {
        let sent = try request(families: [.small, .medium])
        XCTAssertNotNil(sent.json["layout"]?.objectValue, "the layout goes as its JSON tree")
        let received = try PictureRequest.parse(try JSONValue.parse(sent.json.serialized())).get()
        XCTAssertEqual(received.layout, sent.layout)
        XCTAssertEqual(received.jobs.map(\.families), [[.small, .medium]])
        XCTAssertEqual(received.jobs.map(\.schemes), [[.light, .dark]])
        XCTAssertEqual(received.jobs.first?.outputs, ["greeting": "Hello"])
        XCTAssertEqual(received.pictureCount, 4)
    }

    func testTheAnswersFindingsAreTypedOnBothEnds() throws {
        let diagnostic = PictureDiagnostic(code: "canvas-invalid-command", severity: "warning", message: "unknown op 'spiral'", path: "root.children[1]",
                                           field: "op", index: 1)
        let picture = AnsweredPicture(job: 0, family: .small, scheme: .dark, file: "", base64: "iVBO", pixelWidth: 170, pixelHeight: 170,
                                      width: 170, height: 170, diagnostics: [diagnostic], components: [["path": "root"]])
        let answer = try XCTUnwrap(PictureAnswer.parse(try JSONValue.parse(PictureAnswer(pictures: [picture], problem: nil).json.serialized())))
        XCTAssertEqual(answer.pictures.first?.diagnostics, [diagnostic])
        XCTAssertEqual(answer.pictures.first?.components, [["path": "root"]])
        XCTAssertEqual(answer.pictures.first?.scheme, .dark)
        XCTAssertNil(answer.problem)
        // A finding that is not one is not an answer.
        var broken = PictureAnswer(pictures: [picture], problem: nil).json.objectValue!
        broken["pictures"] = [["job": 0, "family": "small", "scheme": "light", "file": "", "png": "", "pixels": ["width": 1, "height": 1],
                               "size": ["width": 1, "height": 1], "diagnostics": [["code": 3]], "components": []]]
        XCTAssertNil(PictureAnswer.parse(.object(broken)))
    }

    func testOneChildDrawsManyRequestsTheSameAsAFreshOne() throws {
        let program = try BuiltProgram.path("widgethost-render")
        let child = PictureChild(program: program)
        defer { child.stop() }
        let first = try child.draw(request()).get()
        let second = try child.draw(request(greeting: "Again")).get()
        let again = try child.draw(request()).get()
        XCTAssertEqual(child.starts, 1, "one child answers every request")
        XCTAssertEqual(first.pictures.map { "\($0.family.rawValue)-\($0.scheme.rawValue)" }, ["small-light", "small-dark"])
        XCTAssertEqual(first.pictures.map(\.base64), again.pictures.map(\.base64))
        XCTAssertNotEqual(first.pictures.map(\.base64), second.pictures.map(\.base64))
        XCTAssertEqual(first.pictures.first?.diagnostics.map(\.code), ["canvas-invalid-command"])
        XCTAssertEqual(first.pictures.first?.diagnostics.first?.index, 1)
        XCTAssertEqual(first.pictures.first?.diagnostics.first?.path, "root.children[1]")

        // Found beside the running executable as widgethost finds it, it draws the same.
        let fresh = try PictureChild.beside().get()
        XCTAssertTrue(fresh.program.hasSuffix("/widgethost-render"), fresh.program)
        XCTAssertEqual(try fresh.draw(request()).get().pictures.map(\.base64), first.pictures.map(\.base64))
        fresh.stop()
        // Stopped, it starts a new child for the next request.
        XCTAssertEqual(try fresh.draw(request()).get().pictures.count, 2)
        XCTAssertEqual(fresh.starts, 2)
    }

    func testAChildThatAnswersSomethingElseOrEndsOrHangsFailsThatRequestAndIsReplaced() throws {
        let folder = try TemporaryFolder("picture-child")
        // `cat pictures` ends at once: no such file, and no answer.
        let ended = PictureChild(program: "/bin/cat")
        let endedProblem = try XCTUnwrap(ended.draw(try request()).failure)
        XCTAssertTrue(endedProblem.message.hasPrefix("cat ended exit status 1 without an answer: /bin/cat: pictures: No such file or directory"), endedProblem.message)

        // A program that echoes the request back answers something that is not an answer.
        let echo = folder.file("echo")
        try Files.write(echo, "#!/bin/sh\nexec cat\n")
        XCTAssertEqual(chmod(echo, 0o755), 0)
        let echoing = PictureChild(program: echo)
        let echoed = try XCTUnwrap(echoing.draw(try request()).failure)
        XCTAssertTrue(echoed.message.hasPrefix("echo answered something that is not a picture answer: {"), echoed.message)
        _ = echoing.draw(try request())
        XCTAssertEqual(echoing.starts, 2, "the child that answered wrongly was replaced")

        // One that never answers is stopped at the timeout.
        let hang = folder.file("hang")
        try Files.write(hang, "#!/bin/sh\nexec sleep 600\n")
        XCTAssertEqual(chmod(hang, 0o755), 0)
        let hanging = PictureChild(program: hang, timeout: .milliseconds(300))
        let hung = try XCTUnwrap(hanging.draw(try request()).failure)
        XCTAssertEqual(hung.message, "hang took longer than 0.3 seconds and was stopped")
    }

    func testATestWorkerIsTheSameServiceAndWithoutADrawerRefusesPictures() throws {
        let worker = try ChildProcess([try BuiltProgram.path("widgethost"), "test", "--worker"], environment: Program.defaultEnvironment,
                                      input: .pipe, output: .pipe, errors: .pipe)
        defer {
            worker.closeInput()
            worker.closeOutputs()
            worker.wait()
        }
        var pending: [UInt8] = [], err: [UInt8] = []
        let fixture = packageRoot + "/Fixtures/Conformance/D/circle.js"
        XCTAssertTrue(worker.write(ServiceRequest.fixture(try FileSystem.location(ofUserPath: fixture)).line + (try ServiceRequest.pictures(request())).line))
        guard case .line(let first) = worker.readLine(&pending, errors: &err, until: .now + .seconds(60)),
              case .fixture(let json) = ServiceAnswer.parse(first), let result = FixtureResult(json: json) else { return XCTFail("no fixture answer: \(String(decoding: err, as: UTF8.self))") }
        XCTAssertEqual(result.path, fixture)
        XCTAssertEqual(result.outcome, .failed, "widgethost's own worker cannot draw the fixture's picture")
        guard case .line(let second) = worker.readLine(&pending, errors: &err, until: .now + .seconds(60)),
              case .pictures(let answer) = ServiceAnswer.parse(second) else { return XCTFail("no picture answer") }
        XCTAssertEqual(answer.problem, "this program cannot draw pictures; widgethost-render draws them")
        XCTAssertEqual(answer.pictures.count, 0)
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
