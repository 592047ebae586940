// Asks for a refresh every 5 minutes: 288 a day, far more than the system grants.
//
//   Scripts/widgethost simulate Fixtures/Examples/every-5-minutes.js --now 2026-11-29T00:00:00Z
//   Scripts/widgethost simulate Fixtures/Examples/every-5-minutes.js --budget unlimited
//
// Under the typical budget (55 a day) the first 55 refreshes come 5 minutes apart;
// then the rolling 24-hour window is full and the next one waits until the first
// leaves it. The budget verdict says the script asks for 288 a day. With
// --budget unlimited (as in Xcode) every refresh comes on time.
//
// Outputs: updated ("HH:MM" of the run), count (a number that changes every run).

const _now = new Date()

let updated = _now.toTimeString().slice(0, 5)
let count = Math.floor(_now.getTime() / 300000) % 1000

setUpdateFreq(5)
