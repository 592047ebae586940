/*---
description: the layout is rendered against the outputs the run published, so after an uncaught error every placeholder is empty
rules: [A10, O5]
layout: |
  ${title}
  ${count} new
expect:
  status: error
  outputs: {}
  layout:
    rendered: ["", " new"]
    findings: [{ code: layout-missing, location: 1 }, { code: layout-missing, location: 2 }]
---*/
const title = "Inbox", count = 3
throw new Error("offline")
