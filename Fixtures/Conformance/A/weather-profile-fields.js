/*---
description: a profile may set any field the Weather page lists, a part of the day's forecast too, with its times as ISO 8601 date-times
rules: [A13, A1]
tz: UTC
profile:
  weather:
    current: { temperature: { value: 17.6, unit: { symbol: "°C" } }, uvIndex: { value: 3, category: moderate }, isDaylight: true }
    today:
      forecast:
        - highTemperature: { value: 19, unit: { symbol: "°C" } }
          lowTemperature: { value: 12, unit: { symbol: "°C" } }
          sun: { sunrise: "2026-11-29T06:58:00Z", sunset: "2026-11-29T16:31:00Z" }
          daytimeForecast: { symbolName: cloud.rain, precipitation: rain, precipitationChance: 0.8, forecastStart: "2026-11-29T07:00:00Z" }
expect:
  status: ok
  outputs: { temp: 17.6, uv: moderate, high: 19, sunrise: 1795935480000, daytime: [cloud.rain, 0.8, 1795935600000] }
---*/
const _c = JSON.parse(await Weather.getCurrent()), _d = JSON.parse(await Weather.getToday()).forecast[0]
let temp = _c.temperature.value, uv = _c.uvIndex.category, high = _d.highTemperature.value, sunrise = _d.sun.sunrise
let daytime = [_d.daytimeForecast.symbolName, _d.daytimeForecast.precipitationChance, _d.daytimeForecast.forecastStart]
