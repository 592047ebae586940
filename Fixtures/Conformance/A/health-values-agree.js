/*---
description: the built-in health figures agree with one another and with the time of day; the Health page's samples give a walk yesterday, a run three days ago, and last night's 7 h 10 min
rules: [A13, A1]
now: 2026-05-03T12:45:00+08:00
tz: Asia/Shanghai
expect:
  status: ok
  outputsInclude:
    steps: "2520 steps · 1.83 km"
    same: [true, true, true]
    count: "2 workouts in the last 7 days"
    kinds: [37, 52]
    sleep: "7h 10m"
    move: "120 / 400 kcal"
---*/
const steps = await Health.getStepsToday()
const distance = await Health.getDistanceToday()
this.steps = `${steps} steps · ${(distance / 1000).toFixed(2)} km`

const _midnight = new Date(); _midnight.setHours(0, 0, 0, 0)
const _rings = JSON.parse(await Health.getActivitySummaryToday())
let same = [
  await Health.getStepsBetween(_midnight.getTime(), Date.now()) === steps,
  _rings.activeEnergyBurned === await Health.getActiveEnergyToday(),
  _rings.standHours <= (Date.now() - _midnight.getTime()) / 3600000,
]
this.move = `${Math.round(_rings.activeEnergyBurned)} / ${Math.round(_rings.activeEnergyBurnedGoal)} kcal`

const _workouts = JSON.parse(await Health.getRecentWorkouts(7))
this.count = `${_workouts.length} workouts in the last 7 days`
let kinds = _workouts.map((w) => w.activityType)

const _detail = JSON.parse(await Health.getLastSleepDetail())
const _total = _detail.sleepDatas.find(d => d.category === 99)?.seconds || 0
this.sleep = `${Math.floor(_total / 3600)}h ${Math.floor((_total % 3600) / 60)}m`
