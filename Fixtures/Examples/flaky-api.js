// A widget whose data source fails every other refresh, to show that a failed
// run keeps the last good outputs on screen.
//
//   Scripts/widgethost simulate Fixtures/Examples/flaky-api.js --now 2026-11-29T00:00:00Z --hours 4
//
// It asks for a refresh every 30 minutes. Runs in the first half of an hour
// succeed; runs in the second half (for example at :30) throw, as a timed-out
// request would. A failed run publishes nothing, so the widget keeps showing the
// outputs of the last good run, and its setUpdateFreq call is ignored; the
// frequency already in force (30 minutes) still decides the next refresh.
//
// Outputs: reading (a value that changes every good run), fetchedAt ("HH:MM").

const _now = new Date()

setUpdateFreq(30)

if (_now.getMinutes() >= 30) {
  throw new Error("the weather API timed out")
}

let reading = 10 + (_now.getHours() % 12)
let fetchedAt = _now.toTimeString().slice(0, 5)
