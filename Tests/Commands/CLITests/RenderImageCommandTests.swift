import Canvas
import JSONKit
import Render
import TestSupport
import XCTest
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `widgethost render --family`: an `image` in File mode read from the run's files (the state
/// folder, through storage's confined opening, A5), PNG and JPEG in fit, fill and stretch, clip
/// shapes, every refusal and bad file drawing a placeholder with its finding; and `--icons DIR`.
final class RenderImageCommandTests: RenderToolTestCase {
    /// The widget's documents folder in the state folder (`LD:W1/…`).
    var documents: String { folder + "/state/widgets/W1/files/LD" }
    var outside: String { folder + "/outside" }

    override func setUp() {
        super.setUp()
        for path in [folder + "/state", folder + "/state/widgets", folder + "/state/widgets/W1", folder + "/state/widgets/W1/files", documents, outside] {
            mkdir(path, 0o755)
        }
        // 40 × 20 pixels, the left half red and the right half blue; a red square outside.
        XCTAssertNoThrow(try Files.write(documents + "/pic.png", Self.png(width: 40, height: 20, [
            ["op": "rect", "x": 0, "y": 0, "width": 20, "height": 20, "fill": "#FF0000"],
            ["op": "rect", "x": 20, "y": 0, "width": 20, "height": 20, "fill": "#0000FF"],
        ])))
        XCTAssertNoThrow(try Files.write(outside + "/secret.png", Self.png(width: 20, height: 20, [["op": "rect", "x": 0, "y": 0, "width": 20, "height": 20, "fill": "#FF0000"]])))
    }

    static func png(width: Double, height: Double, _ commands: [JSONValue]) -> [UInt8] {
        var request = CanvasRequest(commands: .array(commands), width: width, height: height)
        request.scale = 1
        return CanvasRenderer().render(request).bytes
    }

    /// Runs a script of widget W1 with the state folder and draws `component` as a small widget at 1×.
    func draw(_ component: String, family: String = "small", scheme: String = "light", extra: [String] = []) throws -> (result: ToolResult, picture: Raster, report: JSONValue) {
        let layout = script(component, name: "layout.json")
        let profile = script(##"{"schema": "widgethost.profile/1", "widget": {"id": "W1"}}"##, name: "profile.json")
        let path = script("const shown = true\n")
        let out = folder + "/widget.png"
        let result = render([path, "--profile", profile, "--state", folder + "/state", "--layout", layout, "--family", family, "--scheme", scheme,
                             "--scale", "1", "--out", out, "--format", "json"] + extra)
        let picture = try XCTUnwrap(CanvasRenderer.raster(png: bytes(out)), result.err)
        return (result, picture, try JSONValue.parse(result.out))
    }

    /// `jpeg` with an EXIF block saying orientation 6 (shown a quarter turned clockwise) after its start marker.
    static func turnedQuarterClockwise(_ jpeg: [UInt8]) -> [UInt8] {
        let exif: [UInt8] = [0xFF, 0xE1, 0x00, 0x22] + Array("Exif".utf8) + [0, 0] + Array("MM".utf8)
            + [0x00, 0x2A, 0, 0, 0, 8, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x06, 0, 0, 0, 0, 0, 0]
        return Array(jpeg.prefix(2)) + exif + Array(jpeg.dropFirst(2))
    }

    func codes(_ report: JSONValue) -> [String] {
        report["widgets"]?.arrayValue?.first?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
    }

    func assertColor(_ picture: Raster, _ x: Int, _ y: Int, _ rgb: [Int], tolerance: Int = 3, file: StaticString = #filePath, line: UInt = #line) {
        let p = picture.pixel(x, y).map(Int.init)
        XCTAssertTrue(zip(p.prefix(3), rgb).allSatisfy { abs($0 - $1) <= tolerance }, "pixel (\(x), \(y)) is \(p), expected \(rgb)", file: file, line: line)
    }

    /// The placeholder: systemGray at 30 % over the white widget.
    let placeholder = [221, 221, 222]

    func testAPNGFitsFillsAndStretches() throws {
        // fit: the 2:1 picture in a 100 × 50 frame, centred in the 158 pt widget: x 29…129, y 54…104.
        let fit = try draw(##"{"type": "image", "content": "LD:W1/pic.png", "width": 100, "height": 50}"##)
        XCTAssertEqual(fit.result.code, 0, fit.result.err)
        XCTAssertEqual(codes(fit.report), [])
        assertColor(fit.picture, 40, 79, [255, 0, 0])
        assertColor(fit.picture, 118, 79, [0, 0, 255])
        assertColor(fit.picture, 79, 50, [255, 255, 255])
        // fit in a 100 × 100 frame: 100 × 50, centred, so nothing at y 40; stretch fills it.
        let square = try draw(##"{"type": "image", "content": "LD:W1/pic.png", "width": 100, "height": 100, "scaleMode": "fit"}"##)
        assertColor(square.picture, 40, 40, [255, 255, 255])
        assertColor(square.picture, 40, 79, [255, 0, 0])
        let stretch = try draw(##"{"type": "image", "content": "LD:W1/pic.png", "width": 100, "height": 100, "scaleMode": "stretch"}"##)
        assertColor(stretch.picture, 40, 40, [255, 0, 0])
        assertColor(stretch.picture, 118, 118, [0, 0, 255])
        // fill in a 50 × 50 frame (x 54…104): the picture is 100 × 50 centred and cut at the frame.
        let fill = try draw(##"{"type": "image", "content": "LD:W1/pic.png", "width": 50, "height": 50, "scaleMode": "fill"}"##)
        assertColor(fill.picture, 60, 79, [255, 0, 0])
        assertColor(fill.picture, 98, 79, [0, 0, 255])
        assertColor(fill.picture, 45, 79, [255, 255, 255], tolerance: 0)
        assertColor(fill.picture, 112, 79, [255, 255, 255], tolerance: 0)
    }

    func testAJPEGIsDecodedAndAClipCircleLeavesItsCornersEmpty() throws {
        XCTAssertNoThrow(try Files.write(documents + "/pic.jpg", try XCTUnwrap(Files.read(packageRoot + "/Tests/Pictures/red-blue.jpg"))))
        let jpeg = try draw(##"{"type": "image", "content": "LD:W1/pic.jpg", "width": 100, "height": 50}"##)
        XCTAssertEqual(codes(jpeg.report), [], jpeg.result.err)
        assertColor(jpeg.picture, 40, 79, [230, 20, 20], tolerance: 12)
        assertColor(jpeg.picture, 118, 79, [20, 60, 230], tolerance: 12)
        // Stretched over 100 × 100 (29…129) and clipped to a circle: the corners show the dark widget.
        let circle = try draw(##"{"type": "image", "content": "LD:W1/pic.jpg", "width": 100, "height": 100, "scaleMode": "stretch", "clipShape": "circle"}"##, scheme: "dark")
        assertColor(circle.picture, 32, 32, [0x1C, 0x1C, 0x1E], tolerance: 0)
        assertColor(circle.picture, 126, 126, [0x1C, 0x1C, 0x1E], tolerance: 0)
        assertColor(circle.picture, 40, 79, [230, 20, 20], tolerance: 12)
        assertColor(circle.picture, 118, 79, [20, 60, 230], tolerance: 12)
        // With EXIF orientation 6 the stored 40 × 20 picture is shown a quarter turned clockwise,
        // as UIImage shows it: 20 × 40, red on top. Fitted into 50 × 100: x 54…104, y 29…129.
        let stored = try XCTUnwrap(Files.read(packageRoot + "/Tests/Pictures/red-blue.jpg"))
        try Files.write(documents + "/turned.jpg", Self.turnedQuarterClockwise(stored))
        let turned = try draw(##"{"type": "image", "content": "LD:W1/turned.jpg", "width": 50, "height": 100}"##)
        XCTAssertEqual(codes(turned.report), [], turned.result.err)
        assertColor(turned.picture, 79, 40, [230, 20, 20], tolerance: 12)
        assertColor(turned.picture, 79, 118, [20, 60, 230], tolerance: 12)
        assertColor(turned.picture, 50, 79, [255, 255, 255], tolerance: 0)
        // A clip shape the component does not know is reported, and the picture is not clipped.
        let star = try draw(##"{"type": "image", "content": "LD:W1/pic.jpg", "width": 100, "height": 100, "scaleMode": "stretch", "clipShape": "star"}"##)
        XCTAssertEqual(codes(star.report), ["render-invalid-value"], star.result.err)
        XCTAssertTrue(star.result.err.contains("clipShape \"star\" is not circle"), star.result.err)
        assertColor(star.picture, 32, 32, [230, 20, 20], tolerance: 12)
    }

    func testCMYKAndYCCKJPEGsAreDrawnInRGB() throws {
        // 16 × 8 solid pictures of four components, as print and photo software saves them. With
        // an Adobe APP14 marker the stored samples are inverted (255 is no ink): the ink C 0 M 204
        // Y 255 K 51 stored as CMYK, and C 0 M 0 Y 255 K 128 stored as YCCK (libjpeg turns it into
        // CMYK). A file without the marker is read the same way, as browsers and Pillow read it:
        // its stored C 255 M 102 Y 0 K 0 is inverted to full black ink, so it is drawn black.
        let cases: [(String, [Int])] = [("cmyk-adobe.jpg", [204, 41, 0]), ("ycck-adobe.jpg", [127, 127, 0]), ("cmyk-plain.jpg", [0, 0, 0])]
        for (name, rgb) in cases {
            try Files.write(documents + "/" + name, try XCTUnwrap(Files.read(packageRoot + "/Tests/Pictures/" + name)))
            // Fitted into 100 × 50: x 29…129, y 54…104.
            let drawn = try draw(##"{"type": "image", "content": "LD:W1/\##(name)", "width": 100, "height": 50}"##)
            XCTAssertEqual(codes(drawn.report), [], "\(name): \(drawn.result.err)")
            assertColor(drawn.picture, 79, 79, rgb, tolerance: 4)
            assertColor(drawn.picture, 40, 60, rgb, tolerance: 4)
            assertColor(drawn.picture, 79, 50, [255, 255, 255], tolerance: 0)
        }
        // EXIF orientation 6 turns the CMYK picture as it turns any JPEG: shown 8 × 16, it fills a
        // 50 × 100 frame (x 54…104, y 29…129) top to bottom.
        let stored = try XCTUnwrap(Files.read(packageRoot + "/Tests/Pictures/cmyk-adobe.jpg"))
        try Files.write(documents + "/turned.jpg", Self.turnedQuarterClockwise(stored))
        let turned = try draw(##"{"type": "image", "content": "LD:W1/turned.jpg", "width": 50, "height": 100}"##)
        XCTAssertEqual(codes(turned.report), [], turned.result.err)
        assertColor(turned.picture, 79, 35, [204, 41, 0], tolerance: 4)
        assertColor(turned.picture, 79, 122, [204, 41, 0], tolerance: 4)
        assertColor(turned.picture, 50, 79, [255, 255, 255], tolerance: 0)
    }

    func testPathsThatLeaveTheWidgetsFolderAreRefusedAsA5() throws {
        symlink(outside + "/secret.png", documents + "/link.png")
        symlink(outside, documents + "/folder")
        let paths = [
            "LD:W1/link.png",                        // a link as the last component
            "LD:W1/folder/secret.png",               // a link on the way
            "LD:W1/../../../../outside/secret.png",  // ..
            "LD:W1/\u{0301}/../../../../outside/secret.png",  // a combining mark after the slash
            outside + "/secret.png",                 // an absolute path
            "LD:OTHER/secret.png",                   // another widget's folder
        ]
        for path in paths {
            let drawn = try draw(##"{"type": "image", "content": "\##(path)", "width": 100, "height": 50}"##)
            XCTAssertEqual(drawn.result.code, 0, drawn.result.err)
            XCTAssertEqual(codes(drawn.report), ["render-image-refused"], "\(path): \(drawn.result.err)")
            XCTAssertTrue(drawn.result.err.contains("is refused (A5)") && drawn.result.err.contains("[render-image-refused]"), drawn.result.err)
            // No size is known: 100 × 100 fitted into 100 × 50, so a 50 × 50 placeholder (x, y 54…104).
            assertColor(drawn.picture, 70, 70, placeholder, tolerance: 4)
        }
        XCTAssertEqual(Files.list(outside), ["secret.png"], "nothing was written outside")
        XCTAssertEqual(Files.list(documents), ["folder", "link.png", "pic.png"])
    }

    func testMissingUndecodableHugeAndOversizedFilesDrawPlaceholders() throws {
        try Files.write(documents + "/text.png", "not a picture")
        var cut = Self.png(width: 40, height: 20, [["op": "rect", "x": 0, "y": 0, "width": 40, "height": 20, "fill": "#00FF00"]])
        cut.removeLast(cut.count / 2)
        try Files.write(documents + "/cut.png", cut)
        // A PNG header that claims 60000 × 30000 pixels (the IHDR's CRC right), and nothing else.
        var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 0, 0xEA, 0x60, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0]
        ihdr += withUnsafeBytes(of: Self.crc32(ihdr).bigEndian, Array.init)
        try Files.write(documents + "/huge.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr)
        // A 100 MB file (sparse): refused from its size, never read.
        let fd = open(documents + "/big.png", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        XCTAssertEqual(ftruncate(fd, 100 << 20), 0)
        close(fd)
        try Files.write(documents + "/bad.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x5A, count: 300))
        let cases: [(String, String, String)] = [
            ("none.png", "render-image-missing", "is not in the state folder"),
            ("bad.jpg", "render-image-undecodable", "is not a JPEG that can be decoded: "),
            ("text.png", "render-image-undecodable", "is not a PNG or JPEG file"),
            ("cut.png", "render-image-undecodable", "is not a PNG that can be decoded"),
            ("huge.png", "render-image-too-large", "60000 × 30000 pixels"),
            ("big.png", "render-image-too-large", "is larger than 20 MiB"),
        ]
        for (name, code, message) in cases {
            // Only a width: the height comes from the picture's aspect when it is known.
            let drawn = try draw(##"{"type": "image", "content": "LD:W1/\##(name)", "width": 100}"##)
            XCTAssertEqual(drawn.result.code, 0, drawn.result.err)
            XCTAssertEqual(codes(drawn.report), [code], "\(name): \(drawn.result.err)")
            XCTAssertTrue(drawn.result.err.contains(message), "\(name): \(drawn.result.err)")
            assertColor(drawn.picture, 40, 79, placeholder, tolerance: 4)
        }
        // A JPEG cut short draws what it has, as libjpeg (and the phone) do: no crash, no finding.
        let jpeg = try XCTUnwrap(Files.read(packageRoot + "/Tests/Pictures/red-blue.jpg"))
        let scan = try XCTUnwrap((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }, "the start of scan")
        try Files.write(documents + "/short.jpg", Array(jpeg.prefix((scan + jpeg.count) / 2)))
        let short = try draw(##"{"type": "image", "content": "LD:W1/short.jpg", "width": 100}"##)
        XCTAssertEqual(short.result.code, 0, short.result.err)
        XCTAssertEqual(codes(short.report), [], short.result.err)
        // The huge picture's placeholder keeps its 2:1 aspect: 100 × 50, so nothing at y 50.
        let huge = try draw(##"{"type": "image", "content": "LD:W1/huge.png", "width": 100}"##)
        assertColor(huge.picture, 40, 50, [255, 255, 255], tolerance: 0)
    }

    func testTheCachedImageExampleShowsItsPicture() throws {
        // Without --state the files the run saved are kept in memory for the drawing.
        let out = folder + "/cached.png"
        let result = render([example("cached-image.js"), "--fixtures", example("cached-image.fixtures.json"), "--now", "2026-11-29T08:00:00Z",
                             "--layout", example("cached-image.layout.json"), "--family", "medium", "--scale", "1", "--out", out])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertFalse(result.err.contains("render-image"), result.err)
        let picture = try XCTUnwrap(CanvasRenderer.raster(png: bytes(out)))
        // The avatar's face (#FAD6AA) is drawn; its circle's corners are the white widget.
        let face = (0..<picture.height).flatMap { y in (0..<picture.width).map { (x: $0, y: y) } }.filter { picture.pixel($0.x, $0.y) == [250, 214, 170, 255] }
        XCTAssertGreaterThan(face.count, 50, "the avatar's face is drawn")
    }

    func testTheDocumentedImageAndIconPicturesAreWhatTheExamplesDraw() throws {
        let pictures: [(String, [String])] = [
            ("cached-image-medium", [example("cached-image.js"), "--fixtures", example("cached-image.fixtures.json"),
                                     "--layout", example("cached-image.layout.json"), "--family", "medium"]),
            ("weather-small-icons", [example("weather.js"), "--profile", example("weather.profile.json"), "--layout", example("weather.layout.json"),
                                     "--family", "small", "--icons", example("icons")]),
        ]
        for (name, arguments) in pictures {
            let out = folder + "/" + name + ".png"
            let result = render(arguments + ["--now", "2026-11-29T14:30:00Z", "--tz", "UTC", "--out", out])
            XCTAssertEqual(result.code, 0, result.err)
            XCTAssertFalse(result.err.contains("warning") || result.err.contains("info:"), "\(name): \(result.err)")
            let documented = packageRoot + "/docs/images/" + name + ".png"
            assertSamePicture(out, golden: documented, "render \(name) again and look at it")
        }
    }

    func testIconsFromAFolderAreTintedAndMissingOnesNamed() throws {
        let icons = packageRoot + "/Tests/Pictures"
        // A 40 pt icon, centred: (79, 79). The sun's disc reaches 8.3 pt from the centre; the
        // placeholder glyph has a dot of 4.8 pt and a ring at 16 pt, so 6.5 pt out is empty there.
        let sun = ##"{"type": "icon", "content": "sun", "width": 40, "height": 40, "color": "#FF0000"}"##
        let drawn = try draw(sun, extra: ["--icons", icons])
        XCTAssertEqual(drawn.result.code, 0, drawn.result.err)
        XCTAssertEqual(codes(drawn.report), [])
        assertColor(drawn.picture, 79, 79, [255, 0, 0])
        assertColor(drawn.picture, 85, 79, [255, 0, 0])
        let plain = try draw(sun)
        XCTAssertEqual(codes(plain.report), ["render-icon-placeholder"])
        XCTAssertTrue(plain.result.err.contains("info: ") && plain.result.err.contains("the symbol \"sun\""), plain.result.err)
        assertColor(plain.picture, 79, 79, [255, 0, 0])
        assertColor(plain.picture, 85, 79, [255, 255, 255])
        let moon = try draw(##"{"type": "icon", "content": "moon", "width": 40, "height": 40}"##, extra: ["--icons", icons])
        XCTAssertEqual(codes(moon.report), ["render-icon-placeholder"])
        XCTAssertTrue(moon.result.err.contains("moon.svg does not exist"), moon.result.err)
        let broken = try draw(##"{"type": "icon", "content": "broken", "width": 40, "height": 40}"##, extra: ["--icons", icons])
        XCTAssertEqual(broken.result.code, 0, broken.result.err)
        XCTAssertEqual(codes(broken.report), ["render-icon-unreadable"], broken.result.err)
        let escape = try draw(##"{"type": "icon", "content": "../Pictures/sun", "width": 40, "height": 40}"##, extra: ["--icons", icons])
        XCTAssertEqual(codes(escape.report), ["render-icon-placeholder"], escape.result.err)
        // An SVG that points at a file outside draws without it: librsvg reads it from its bytes alone.
        mkdir(folder + "/icons", 0o755)
        try Files.write(folder + "/icons/peek.svg", ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><image x="0" y="0" width="24" height="24" xlink:href="file://\##(outside)/secret.png"/><circle cx="12" cy="12" r="2"/></svg>"##)
        let peek = try draw(##"{"type": "icon", "content": "peek", "width": 40, "height": 40, "color": "#0000FF"}"##, extra: ["--icons", folder + "/icons"])
        XCTAssertEqual(codes(peek.report), [], peek.result.err)
        assertColor(peek.picture, 79, 79, [0, 0, 255])
        assertColor(peek.picture, 64, 64, [255, 255, 255], tolerance: 0)
        let path = script("const shown = true\n")
        XCTAssertEqual(render([path, "--layout", script(sun, name: "icon.json"), "--family", "small", "--icons", folder + "/none"]).code, 66)
        XCTAssertEqual(render([path, "--icons", icons]).code, 64)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
