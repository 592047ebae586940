// Last night's total sleep (the docs' sleep example).
//
//   Scripts/widgethost run Fixtures/Examples/sleep-total.js
//
// Health.getLastSleepDetail() resolves to a JSON string; category 99 is the total time
// asleep. The built-in profile's last night is 23:05 to 06:45 with 30 minutes awake.
//
// Outputs: sleep "7h 10m". With --profile Fixtures/Examples/sleep-total.profile.json
// (a short night): sleep "6h 5m".

const _detail = JSON.parse(await Health.getLastSleepDetail())
const _total = _detail.sleepDatas.find((d) => d.category === 99)?.seconds || 0
this.sleep = `${Math.floor(_total / 3600)}h ${Math.floor((_total % 3600) / 60)}m`
