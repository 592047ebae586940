/*---
description: the built-in weather agrees with itself and with the run's now in its zone, late in the evening in Shanghai; the current figures lie within every forecast span that holds now
rules: [A13]
now: 2026-05-03T22:30:00+08:00
tz: Asia/Shanghai
expect:
  status: ok
  outputs: { problems: [], daylight: false, restStarts: "22:30" }
---*/
const _c = JSON.parse(await Weather.getCurrent()), _day = JSON.parse(await Weather.getToday()).forecast[0]
const _now = Date.now(), problems = []
const _check = (ok, what) => { if (!ok) problems.push(what) }
const _midnight = new Date(_now); _midnight.setHours(0, 0, 0, 0)
_check(_day.date === _midnight.getTime(), "the day is the run's date")
_check(_day.sun.astronomicalDawn < _day.sun.sunrise && _day.sun.sunrise < _day.sun.solarNoon && _day.sun.solarNoon < _day.sun.sunset && _day.sun.sunset < _day.sun.astronomicalDusk, "the sun in order")
_check(new Date(_day.sun.sunset).getDate() === new Date(_now).getDate(), "sunset on the run's date")
for (const [name, s] of [["day", _day], ["daytime", _day.daytimeForecast], ["rest", _day.restOfDayForecast], ["overnight", _day.overnightForecast]]) {
  _check(s.lowTemperature.value < s.highTemperature.value, name + ": low below high")
  const from = s.forecastStart ?? _midnight.getTime(), to = s.forecastEnd ?? _midnight.getTime() + 86400000
  _check(s.highTemperatureTime >= from && s.highTemperatureTime <= to && s.lowTemperatureTime >= from && s.lowTemperatureTime <= to, name + ": times in the span")
  if (_now >= from && _now < to) _check(_c.temperature.value >= s.lowTemperature.value && _c.temperature.value <= s.highTemperature.value, name + ": current temperature in range")
}
let daylight = _c.isDaylight
let restStarts = new Date(_day.restOfDayForecast.forecastStart).toTimeString().slice(0, 5)
