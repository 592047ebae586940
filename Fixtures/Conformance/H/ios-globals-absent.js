/*---
description: what only the iOS edition has is absent, not a stub
rules: [H13]
edition: harmony
expect:
  status: ok
  outputs: { absent: [Weather, Health, Calendar, HTMLDoc, http, setConfig, getConfig, setValue, getValue, endLiveActivity], present: [Request, Config, Shared, Setting, FileManager, Device, Location, openUrl, sleep, isDebug, console, $params, Widget, setUpdateFreq, setUpdateTime] }
---*/
const absent = ["Weather", "Health", "Calendar", "HTMLDoc", "http", "setConfig", "getConfig", "setValue", "getValue", "endLiveActivity"].filter((name) => typeof globalThis[name] === "undefined")
const present = ["Request", "Config", "Shared", "Setting", "FileManager", "Device", "Location", "openUrl", "sleep", "isDebug", "console", "$params", "Widget", "setUpdateFreq", "setUpdateTime"].filter((name) => typeof globalThis[name] !== "undefined")
