// Common mistakes with the control bindings, and what the host says about them.
//
//   Scripts/widgethost run Fixtures/Examples/frequency-mistakes.js --now 2026-11-29T08:00:00Z
//   Scripts/widgethost run Fixtures/Examples/frequency-mistakes.js --strict   (each one throws)
//
// - setUpdateFreq("30"): a string, ignored (invalid-argument)
// - setUpdateFreq(1): below the 5-minute minimum, 5 is used (freq-below-minimum)
// - setUpdateTime(seconds): seconds instead of milliseconds (time-looks-like-seconds, time-in-past)
// - endLiveActivity() in a home-screen widget: no effect (end-outside-live-activity)
//
// Next refresh: 5 minutes after the run (the last valid frequency wins).
// @ts-expect-error: the mistake this example shows, a string where minutes go
setUpdateFreq("30")
setUpdateFreq(1)
setUpdateTime(Math.floor(Date.now() / 1000) + 3600)
endLiveActivity()

let status = "checked"
