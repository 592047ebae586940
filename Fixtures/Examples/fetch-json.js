// Fetch a JSON API: the smallest network script (the docs' "minimal fetch").
//
//   Scripts/widgethost run Fixtures/Examples/fetch-json.js --fixtures Fixtures/Examples/fetch-json.fixtures.json
//
// --fixtures replays the answer in fetch-json.fixtures.json, so nothing leaves the
// machine. Without it the request goes to the network; with --network record it goes
// to the network and writes what it got to the fixture file.
//
// Outputs: obj (the whole answer, a top-level binding), title "hello OmniWidgets",
// count 3 (from the fixture).

const obj = await new Request("https://2f0.cn/api/omni").fetchJSON()
this.title = obj.omni
this.count = obj.items.length
