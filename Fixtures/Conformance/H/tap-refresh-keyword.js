/*---
description: the snippet refresh runs the card's script alone (nothing is appended, so refresh is no name the run looks up)
rules: [H14]
edition: harmony
action: |
  refresh
expect:
  status: ok
  outputs: { seen: undefined }
  report: { schema: widgethost.action/1, action: null, snippetLine: null }
---*/
const seen = typeof refresh
