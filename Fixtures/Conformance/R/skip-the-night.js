/*---
description: a script that asks for 07:00 at night gets no refresh between 23:00 and 07:00
rules: [R1, C4]
now: 2026-11-29T20:00:00Z
tz: UTC
simulate: { hours: 12 }
expect:
  timeline: { longestGap: { from: "2026-11-29T23:00:00.000+00:00", to: "2026-11-30T07:00:00.000+00:00", ms: 28800000 } }
---*/
const _now = new Date()
const _hour = _now.getHours()
setUpdateFreq(60)
if (_hour >= 23 || _hour < 7) {
  const morning = new Date(_now)
  if (_hour >= 23) morning.setDate(morning.getDate() + 1)
  morning.setHours(7, 0, 0, 0)
  setUpdateTime(morning.getTime())
}
