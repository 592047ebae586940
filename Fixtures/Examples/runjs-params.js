// Started from a Shortcut through a runjs URL (the docs' "Shortcut → runjs → other app").
//
//   Scripts/widgethost run Fixtures/Examples/runjs-params.js --context app --param city=Shanghai --state /tmp/runjs-params-state
//
// awidget://runjs/<type>/<id>?city=Shanghai runs the script in the app with $params.city;
// it remembers the city with setConfig, then opens WeChat and reloads the widget. Both
// take effect only in the app: the report lists the Widget.openUrl and Widget.reload
// events as valid. In a widget refresh (no --context app) they are no-ops (app-only-api).
//
// Outputs: city "Shanghai", debug true. Run it again without --param: city "Shanghai"
// (remembered by setConfig in the state folder).

const _city = $params.city || getConfig("city") || "Beijing"
setConfig("city", _city)
this.city = _city
this.debug = isDebug()
Widget.openUrl("weixin://")
Widget.reload()
