/*---
description: "misspelt fields (contents, fontWieght, colour) are ignored and reported with the component's path and the closest field, by the layout check and by the drawing; the rest is drawn"
rules: [D19]
layout: |
  {"type": "vstack", "spacing": 4, "children": [
    {"type": "text", "contents": "${title}", "fontSize": 20},
    {"type": "text", "content": "${title}", "fontWieght": "bold", "colour": "#FF3B30"},
    {"type": "shape", "content": "capsule", "height": 12, "color": "#34C759", "blink": true}
  ]}
render: { layout: true, family: small, scale: 1 }
expect:
  status: ok
  layout:
    findingsExact: [layout-unknown-field, layout-unknown-field, layout-unknown-field, layout-unknown-field]
    findings:
      - { code: layout-unknown-field, severity: warning, location: /children/0/contents, suggestion: content, message: "\"contents\" is not a field of a text component; did you mean \"content\"?" }
      - { code: layout-unknown-field, location: /children/1/fontWieght, suggestion: fontWeight }
      - { code: layout-unknown-field, location: /children/1/colour, suggestion: color }
      - { code: layout-unknown-field, location: /children/2/blink, message: "a shape has " }
  widget:
    diagnosticsExact: [render-unknown-field, render-unknown-field, render-unknown-field, render-unknown-field]
    diagnostics:
      - { code: render-unknown-field, path: "root.children[0]", field: /children/0/contents, message: "did you mean \"content\"?" }
      - { code: render-unknown-field, path: "root.children[1]", field: /children/1/fontWieght }
      - { code: render-unknown-field, path: "root.children[1]", field: /children/1/colour }
      - { code: render-unknown-field, path: "root.children[2]", field: /children/2/blink }
---*/
const title = "Inbox"
