// A cached remote image (the docs' example): download once a day, then use the file.
//
//   Scripts/widgethost run Fixtures/Examples/cached-image.js --fixtures Fixtures/Examples/cached-image.fixtures.json --now 2026-11-29T08:00:00Z --state /tmp/cached-image-state
//
// The image component shows files, never URLs, so the script saves the bytes that
// req.fetch() resolves to (a Uint8Array) into the widget's documents folder and
// outputs the path. The fixture answers with cached-image.avatar.png.
//
// Outputs in a fresh state folder: img "LD:1B422DF5-8F63-4C2F-82BC-3D3E7FA02800/avatar-2026-11-29.png"
// (the widget id is derived from the file name; a profile's widget.id sets it), downloaded
// true. Run it again with the same state folder: downloaded false (the file is there).

const _fm = FileManager.local()
const _day = new Date().toISOString().slice(0, 10)
this.img = _fm.documents() + "avatar-" + _day + ".png"
this.downloaded = false
if (!_fm.fileExists(this.img)) {
  _fm.saveImage(this.img, await new Request("https://example.com/avatar.png").fetch())
  this.downloaded = true
}
