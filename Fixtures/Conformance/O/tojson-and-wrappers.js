/*---
description: conversion follows JSON.stringify for toJSON, boxed primitives, Maps and sparse arrays
rules: [O3]
expect:
  status: ok
  outputs:
    custom: "custom text"
    boxed: ["s", 2, true]
    map: {}
    sparse: [1, null, 3]
    negativeZero: 0
  diagnosticsExact: []
---*/
let custom = { toJSON() { return "custom text" } }
let boxed = [new String("s"), new Number(2), new Boolean(true)]
let map = new Map([["k", 1]])
let sparse = [1, , 3]
let negativeZero = -0
