// A shareable template with settings (the docs' settings template).
//
//   Scripts/widgethost run Fixtures/Examples/settings-template.js --context app --profile Fixtures/Examples/settings-template.profile.json --state /tmp/settings-template-state
//
// Setting.add declares the settings panel from the script; it takes effect only in the
// app (--context app: three valid Setting.add events). In a widget refresh (the
// default context) each call is a no-op with an app-only-api info. The values come from
// the profile's "settings" (what the user filled in).
//
// Outputs with the profile: city "Hangzhou", notify true, fontSize 18.
// Without --profile: city "Set a city", notify false, fontSize 14.

Setting.add({ key: "city", name: "City", type: "text", icon: "location" })
Setting.add({ key: "notify", name: "Notifications", type: "toggle" })
Setting.add({ key: "fontSize", name: "Font size", type: "number" })

this.city = Setting.string("city") || "Set a city"
this.notify = Setting.bool("notify")
this.fontSize = Setting.number("fontSize") || 14
