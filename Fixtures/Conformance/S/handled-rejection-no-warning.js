/*---
description: rejections that are caught, directly or through a chain, give no diagnostic
rules: [S5]
expect:
  status: ok
  outputs: { caught: ["x", 0, "z"] }
  diagnosticsExact: []
---*/
let caught = []
Promise.reject(new Error("x")).catch((e) => caught.push(e.message))
caught.push(await Promise.reject(new Error("y")).then(() => 1).catch(() => 0))
try {
  await Promise.reject(new Error("z"))
} catch (e) {
  caught.push(e.message)
}
