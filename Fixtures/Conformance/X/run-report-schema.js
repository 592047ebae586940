/*---
description: the JSON report of a run names its type and version in schema (widgethost.run/1) and carries the documented members, limits included
rules: [X1, S6, O6]
tz: Europe/Berlin
seed: 7
expect:
  report:
    schema: widgethost.run/1
    script: run-report-schema.js
    kind: small
    status: ok
    zone: Europe/Berlin
    seed: 7
    startedAt: "2026-11-29T09:00:00.000+01:00"
    finishedAt: "2026-11-29T09:00:00.000+01:00"
    outputs: { greeting: Good morning }
    events: [{ type: setUpdateFreq, at: "2026-11-29T09:00:00.000+01:00", args: [30], valid: true }]
    nextRefresh: { requested: "2026-11-29T09:30:00.000+01:00", reason: frequency, frequencyMinutes: 30 }
    console: [{ level: log, message: "refreshed at 9" }]
    consoleDropped: 0
    diagnostics: []
    error: null
    limits: { timeoutSeconds: 10, memoryMB: 30, consoleEntries: 200 }
  exitCode: 0
  stderr: []
---*/
let greeting = new Date().getHours() < 12 ? "Good morning" : "Hello"
console.log("refreshed at", new Date().getHours())
setUpdateFreq(30)
