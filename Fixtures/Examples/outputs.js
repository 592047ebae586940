// Outputs: the values a layout can use.
//
//   Scripts/widgethost run Fixtures/Examples/outputs.js
//
// Every top-level let, const and var is an output, and so is every property
// the script sets on `this`. Names starting with _ stay private. Bindings
// inside functions and blocks are never outputs.
//
// Outputs: city, temperature, forecast, high, low, updatedAt.
// Not outputs: _apiKey, _cache, format (a function), inner, i.

const _apiKey = "not-an-output"
let _cache = {}

const city = "Berlin"
let temperature = 7.5
const forecast = [
  { day: "Mon", icon: "cloud.rain" },
  { day: "Tue", icon: "sun.max" },
]
const { high, low } = { high: 9, low: 2 }      // destructuring: both names are outputs

function format(value) {
  const inner = `${value}°`                      // inside a function: not an output
  return inner
}

for (let i = 0; i < 2; i++) { _cache[i] = i }   // loop bindings: not outputs

this.updatedAt = new Date()                      // a Date becomes an ISO 8601 string
console.log(`${city}: ${format(temperature)}`)
