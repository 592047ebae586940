/// Headless Chromium for tests that compare with what a browser draws. Each call is one browser
/// run that ends by itself (`--screenshot`, `--dump-dom`); one that does not end within the
/// bound is killed (``Program/run``). Its profile and home are in the caller's folder, so
/// removing that folder removes everything the browser wrote.
public enum Chromium {
    /// The browser's path; a missing browser is a failure (Scripts/setup installs it).
    public static func path() throws -> String { try Program.required("chromium") }

    /// Runs the browser headless with `arguments` (the page last), its profile in `folder`;
    /// `environment` adds variables (`FONTCONFIG_FILE=…`).
    public static func run(_ arguments: [String], folder: String, environment: [String] = [], timeout: Duration = .seconds(120)) throws -> ProgramResult {
        try Program.run(
            [try path(), "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--allow-file-access-from-files", "--user-data-dir=\(folder)/profile"] + arguments,
            environment: ["PATH=/usr/bin:/bin", "HOME=\(folder)"] + environment, timeout: timeout)
    }

    /// A screenshot of `page` (a file) in a window of `width` × `height` CSS pixels at
    /// `scale` device pixels per CSS pixel: PNG bytes of width × scale by height × scale pixels.
    public static func screenshot(_ page: String, width: Int, height: Int, scale: Int, folder: String, environment: [String] = []) throws -> [UInt8] {
        let shot = folder + "/screenshot-\(scale)x.png"
        let result = try run(["--force-device-scale-factor=\(scale)", "--window-size=\(width),\(height)",
                              "--screenshot=\(shot)", "file://" + page], folder: folder, environment: environment)
        guard result.code == 0, let bytes = Files.read(shot), bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else {
            throw HarnessError("chromium drew no screenshot of \(page) (exit \(result.code)): \(result.err.suffix(1000))")
        }
        return bytes
    }
}
