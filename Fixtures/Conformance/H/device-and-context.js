/*---
description: Device is a plain object of the documented fields from the profile; $params carries link strings and the shortcut's objects; openUrl is a no-op in a card refresh
rules: [H12]
edition: harmony
locale: zh-Hans-CN
profile: { harmony: { device: { model: "Pura 70" }, params: { ocr: { rawText: "x", editedText: "x", lines: ["x"] } } }, params: { city: "上海" } }
expect:
  status: ok
  outputs:
    device: { model: "Pura 70", brand: "HUAWEI", osVersion: "OpenHarmony-5.0.0.110", deviceType: "phone", sdkApiVersion: 14, locale: "zh-Hans-CN", screenWidth: 1260, screenHeight: 2720, densityDPI: 320 }
    isFunction: false
    city: "上海"
    lines: ["x"]
    debug: false
  events: [{ type: openUrl, args: ["https://example.com"], valid: false }]
  diagnostics: [app-only-api]
---*/
const device = { ...Device }
const isFunction = typeof Device.model === "function"
const city = $params.city
const lines = $params.ocr.lines
const debug = isDebug()
openUrl("https://example.com")
