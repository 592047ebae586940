/*---
description: a lock card counting down to the new year, asking with setUpdateTime to be refreshed at the next midnight
edition: harmony
kind: lock
dimension: lock_1*2
now: 2026-11-29T08:00:00Z
tz: Asia/Shanghai
expect:
  status: ok
  outputs: { days: 33, label: "距 2027 年还有 33 天", endTime: 1798732800000 }
  nextRefresh: { reason: updateTime, requested: "2026-11-30T00:00:00.000+08:00" }
  diagnosticsExact: []
---*/
// A HarmonyOS lock card (lock_1*2) counting down the days to the new year.
//
//   widgethost run Fixtures/Examples/harmony/new-year-countdown.js --edition harmony --kind lock --dimension lock_1*2
//
// The day only changes at midnight, so the card asks for its next refresh then with setUpdateTime
// (epoch milliseconds; it excludes setUpdateFreq, and the last call of either wins). A TextTimer
// with startTime ${endTime} and isCountDown would tick the hours by itself between refreshes.

const _now = new Date()
const _year = _now.getFullYear() + 1
let endTime = new Date(_year, 0, 1).getTime()
let days = Math.ceil((endTime - _now.getTime()) / 86400000)
let label = `距 ${_year} 年还有 ${days} 天`

const _midnight = new Date(_now.getFullYear(), _now.getMonth(), _now.getDate() + 1).getTime()
setUpdateTime(_midnight)
