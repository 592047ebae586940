// Current weather with a fallback (the docs' weather example).
//
//   Scripts/widgethost run Fixtures/Examples/weather.js --profile Fixtures/Examples/weather.profile.json
//
// Weather.getCurrent() resolves to a JSON string, as on the device. The profile lays a
// rainy afternoon over the built-in weather.
//
// Outputs with the profile: icon "cloud.rain", temp 17, text "rain".
// With the built-in profile (no --profile), at 08:00: icon "cloud", temp 20 (the built-in day's
// 20.93 °C; its temperature follows the time of day), text "mostlyCloudy".
// If the location permission is denied (profile "permissions": {"location": false}), the
// call rejects and the script shows icon "exclamationmark.triangle.fill", temp "--".

try {
  const obj = JSON.parse(await Weather.getCurrent())
  this.icon = obj.symbolName
  this.temp = Math.trunc(obj.temperature.value)
  this.text = obj.condition
} catch (error) {
  this.icon = "exclamationmark.triangle.fill"
  this.temp = "--"
  console.error("weather failed:", error.message)
}

setUpdateFreq(30)
