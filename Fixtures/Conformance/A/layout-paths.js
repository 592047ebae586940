/*---
description: ${path} reads dot and bracket paths at any depth, quoted keys and Unicode names included
rules: [A10]
layout: |
  ${city}
  ${weather.now.temp}
  ${days[0].name}
  ${days[0].hours[2].rain}
  ${weather["feels-like"]}
  ${weather['wind speed'].gust}
  ${days.1.name}
  ${days["1"].name}
  ${labels["0"]}
  ${ city }
  ${城市}
  ${days[0].name}–${days[1].name} in ${city}
expect:
  status: ok
  layout:
    rendered: [Berlin, 21.5, Mon, 0.4, 19, 40, Tue, Tue, zero, Berlin, 柏林, "Mon–Tue in Berlin"]
    findingsExact: []
    entries:
      - { location: 1, path: city, status: resolved, value: Berlin }
      - { location: 2, path: weather.now.temp, value: 21.5 }
      - { location: 3, path: "days[0].name" }
      - { location: 4, path: "days[0].hours[2].rain", value: 0.4 }
      - { location: 5, path: 'weather["feels-like"]', value: 19 }
      - { location: 6, path: "weather['wind speed'].gust", value: 40 }
      - { location: 7, path: days.1.name, value: Tue }
      - { location: 8, path: 'days["1"].name', value: Tue }
      - { location: 9, path: 'labels["0"]', value: zero }
      - { location: 10, placeholder: "${ city }", value: Berlin }
      - { location: 11, path: 城市, value: 柏林 }
      - { location: 12, column: 1, text: Mon }
      - { location: 12, column: 17, text: Tue }
      - { location: 12, column: 36, text: Berlin }
---*/
const city = "Berlin"
const weather = { now: { temp: 21.5, sky: "clear" }, "feels-like": 19, "wind speed": { gust: 40 } }
const days = [{ name: "Mon", hours: [{ rain: 0 }, { rain: 0.1 }, { rain: 0.4 }] }, { name: "Tue", hours: [] }]
const labels = { "0": "zero" }
const 城市 = "柏林"
