// A Live Activity that never ends itself: the system ends it after 8 hours
// (expired), and it stays visible for 4 more hours before it is dismissed.
//
//   Scripts/widgethost simulate Fixtures/Examples/live-score.js --kind live --now 2026-11-29T12:00:00Z
//
// It refreshes every 30 minutes while active and shows a score that changes
// with the time. No script runs after the activity ended.
//
// Outputs: match, score, minute (minutes since the activity's first hour began).

const _now = new Date()

let match = "Hertha – Union"
let minute = _now.getUTCHours() * 60 + _now.getUTCMinutes()
let score = `${Math.floor(minute / 120) % 4}:${Math.floor(minute / 190) % 3}`

setUpdateFreq(30)
