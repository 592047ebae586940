/*---
description: the virtual clock replaces only "now"; Date with explicit arguments, Date.UTC, Date.parse, instanceof and Date(anything) behave as standard
rules: [T1]
tz: Europe/Berlin
expect:
  status: ok
  outputs:
    epoch: "1970-01-01T00:00:00.000Z"
    parsed: 1577836800000
    fromString: "2020-01-01T00:00:00.000Z"
    localParts: "2020-01-01T00:00:00.000+01:00 -> 2019-12-31T23:00:00.000Z"
    utc: 1577836800000
    calledWithArgIgnoresIt: true
    undefinedArg: true
    isDate: true
    length: 7
    copy: 1795939200000
  diagnosticsExact: []
---*/
let epoch = new Date(0).toISOString()
let parsed = Date.parse("2020-01-01T00:00:00Z")
let fromString = new Date("2020-01-01T00:00:00Z").toISOString()
let localParts = "2020-01-01T00:00:00.000+01:00 -> " + new Date(2020, 0, 1).toISOString()
let utc = Date.UTC(2020, 0, 1)
let calledWithArgIgnoresIt = Date(0) === Date()
let undefinedArg = isNaN(new Date(undefined).getTime())
let isDate = new Date() instanceof Date && Object.prototype.toString.call(new Date()) === "[object Date]"
let length = Date.length
let copy = new Date(new Date()).getTime()
