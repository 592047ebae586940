// Skip the night: refresh every 15 minutes by day, and not at all between
// 23:00 and 07:00. setUpdateTime decides only the next refresh (it is
// one-shot), so the script sets it on every run that falls in the night.
//
//   Scripts/widgethost run Fixtures/Examples/skip-the-night.js --now 2026-11-29T23:30:00 --tz Europe/Berlin
//
// Outputs: mode ("day" or "night"), nextRefresh (ISO time asked for at night).
// At 23:30 the next refresh requested is 07:00 the next morning (reason updateTime);
// by day it is 15 minutes after the run (reason frequency).

const _now = new Date()
const _hour = _now.getHours()

setUpdateFreq(15)

let mode = "day"
let nextRefresh = null

if (_hour >= 23 || _hour < 7) {
  mode = "night"
  const morning = new Date(_now)
  if (_hour >= 23) morning.setDate(morning.getDate() + 1)
  morning.setHours(7, 0, 0, 0)
  setUpdateTime(morning.getTime())
  nextRefresh = morning
}
