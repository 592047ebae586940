/*---
description: a HarmonyOS run is a desk or lock card of a dimension; Widget.kind and Widget.dimension give them and the report names the edition
rules: [H1]
edition: harmony
kind: desk
dimension: "2*4"
expect:
  status: ok
  outputs: { kind: desk, dimension: "2*4", urlscheme: true, hasType: false }
  report: { edition: harmony, kind: desk, dimension: "2*4" }
  diagnosticsExact: []
---*/
const kind = Widget.kind
const dimension = Widget.dimension
const urlscheme = Widget.urlscheme === "OmniWidgets://run-widget/" + Widget.id
const hasType = "type" in Widget
