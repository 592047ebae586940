/*---
description: Request.fetchJSON resolves to parsed JSON answered from a fixture file, never the network
rules: [A2, A3]
fixtures: ../../Examples/fetch-json.fixtures.json
expect:
  status: ok
  outputsInclude: { title: "hello OmniWidgets" }
---*/
const obj = await new Request("https://2f0.cn/api/omni").fetchJSON()
let title = obj.omni
