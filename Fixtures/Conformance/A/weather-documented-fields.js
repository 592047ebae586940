/*---
description: the Weather page's samples and every part of a day's forecast answer from the built-in weather; today.daytimeForecast.symbolName no longer throws
rules: [A13, A1]
now: 2026-11-29T08:00:00Z
tz: UTC
expect:
  status: ok
  outputsInclude:
    icon: cloud
    text: mostlyCloudy
    temp: 20
    feel: 21
    hum: "68%"
    high: 26
    low: 18
    dayIcon: cloud.sun
    parts: [cloud.sun, cloud.sun, cloud.moon]
    sun: ["2026-11-29T05:52:00.000Z", "2026-11-29T18:21:00.000Z"]
    moon: waxingGibbous
    rain: [0, 0, 0.6]
    byType: 0.6
---*/
const obj = JSON.parse(await Weather.getCurrent())
this.icon = obj.symbolName                       // SF Symbol icon name
this.text = obj.condition                        // condition: mostlyCloudy / sunny ...
this.temp = Math.trunc(obj.temperature.value)    // temperature
this.feel = Math.trunc(obj.apparentTemperature.value)  // feels-like temperature
this.hum  = Math.round(obj.humidity * 100) + "%" // humidity
this.rain = ["pastHour", "pastSixHours", "pastTwentyFourHours"].map((k) => obj.rainfallAmount[k].value)

const today = JSON.parse(await Weather.getToday()).forecast[0]
this.high = Math.trunc(today.highTemperature.value)
this.low  = Math.trunc(today.lowTemperature.value)
this.dayIcon = today.symbolName
this.parts = [today.daytimeForecast.symbolName, today.restOfDayForecast.symbolName, today.overnightForecast.symbolName]
this.sun = [new Date(today.sun.sunrise).toISOString(), new Date(today.sun.sunset).toISOString()]
this.moon = today.moon.phase
this.byType = today.precipitationAmountByType.rainfall.value
