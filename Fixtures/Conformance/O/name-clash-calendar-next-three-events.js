/*---
description: the Calendar page's "next three events" sample loops over the three it sets on this, not the five of the binding of the same name
rules: [O2, A10]
profile:
  calendar:
    events:
      - { title: "One", startDate: "2026-11-30T09:00:00Z", endDate: "2026-11-30T10:00:00Z", notes: "", color: "FF6B6B" }
      - { title: "Two", startDate: "2026-12-01T09:00:00Z", endDate: "2026-12-01T10:00:00Z", notes: "", color: "34C759" }
      - { title: "Three", startDate: "2026-12-02T09:00:00Z", endDate: "2026-12-02T10:00:00Z", notes: "", color: "0A84FF" }
      - { title: "Four", startDate: "2026-12-03T09:00:00Z", endDate: "2026-12-03T10:00:00Z", notes: "", color: "FF9F0A" }
      - { title: "Five", startDate: "2026-12-04T09:00:00Z", endDate: "2026-12-04T10:00:00Z", notes: "", color: "BF5AF2" }
layout: |
  {"type": "vstack", "dataSource": "${events[ev]}", "children": [
    {"type": "text", "content": "${ev.title}"},
    {"type": "text", "content": "${ev.startDate}"}
  ]}
expect:
  status: ok
  diagnosticsExact: [output-name-clash]
  layout:
    rendered:
      children:
        - { content: "One" }
        - { content: "2026-11-30 09:00:00 +0000" }
        - { content: "Two" }
        - { content: "2026-12-01 09:00:00 +0000" }
        - { content: "Three" }
        - { content: "2026-12-02 09:00:00 +0000" }
    findingsExact: []
---*/
const result = await Calendar.getEvents()
const events = JSON.parse(result)
this.events = events.slice(0, 3)
