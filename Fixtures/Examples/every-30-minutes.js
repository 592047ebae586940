// Refresh every 30 minutes.
//
//   Scripts/widgethost run Fixtures/Examples/every-30-minutes.js
//
// Outputs: greeting ("Good morning" / "Good afternoon" / "Good evening"),
// updated ("HH:MM" of the run, in the run's time zone).
// Next refresh: 30 minutes after the run (setUpdateFreq is sticky: it stays in
// force until a later run changes it). The system still decides: about 40-70
// refreshes a day, so 48 a day fits a typical budget.

const _now = new Date()          // names starting with _ are not outputs
const _hour = _now.getHours()

let greeting = _hour < 12 ? "Good morning" : _hour < 18 ? "Good afternoon" : "Good evening"
let updated = _now.toTimeString().slice(0, 5)

console.log(`refreshed at ${updated}`)
setUpdateFreq(30)
