/*---
description: "a text whose font is not installed is drawn with the default families, and render-font-fallback names the font once"
rules: [D18, V3]
layout: |
  {"type": "vstack", "children": [{"type": "text", "content": "${title}", "font": "Nonexistent Grotesk"}, {"type": "text", "content": "${title}", "font": "nonexistent grotesk"}, {"type": "text", "content": "${title}", "font": "Inter"}]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  layout: { findingsExact: [] }
  widget:
    diagnosticsExact: [render-font-fallback]
    diagnostics: [{ code: render-font-fallback, path: "root.children[0]", field: /children/0/font, message: "Nonexistent Grotesk" }]
---*/
const title = "Hello"
