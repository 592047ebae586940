// A Live Activity countdown that ends itself. Run it as a Live Activity:
//
//   Scripts/widgethost run Fixtures/Examples/live-countdown.js --kind live --now 2026-11-29T18:55:00Z
//
// The activity counts down to a departure. While time is left it publishes
// the minutes remaining and asks to be refreshed every 5 minutes; once the
// departure has passed it calls endLiveActivity(), which ends the activity at
// that moment (it stays visible for 4 more hours, then is dismissed).
//
// Outputs: title, minutesLeft, progress (0..1 for a gauge), state.

const _departure = Date.UTC(2026, 10, 29, 19, 0, 0)   // 2026-11-29 19:00 UTC
const _window = 60 * 60 * 1000                        // the countdown spans an hour

const _left = _departure - Date.now()

let title = "Train to Leipzig"
let minutesLeft = Math.max(0, Math.ceil(_left / 60000))
let progress = Math.min(1, Math.max(0, 1 - _left / _window))
let state = _left > 0 ? "boarding soon" : "departed"

if (_left > 0) {
  setUpdateFreq(5)
} else {
  endLiveActivity()
}
