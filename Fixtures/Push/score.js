// A Live Activity script for `widgethost push --script`: its outputs become content_state.data.
const home = 2
const away = 1
const minute = 67
const title = `${home} : ${away}`
const _now = new Date()
const updated = `${String(_now.getHours()).padStart(2, "0")}:${String(_now.getMinutes()).padStart(2, "0")}`
