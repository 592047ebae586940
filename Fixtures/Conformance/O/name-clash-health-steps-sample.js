/*---
description: the Health page's steps sample shows the text it sets on this, not the bare number of the binding of the same name
rules: [O2, A1]
profile: { health: { stepsToday: 6234, distanceToday: 4520.5 } }
layout: |
  ${steps}
expect:
  status: ok
  outputs: { steps: "6234 steps · 4.52 km", distance: 4520.5 }
  diagnosticsExact: [output-name-clash]
  layout:
    rendered: ["6234 steps · 4.52 km"]
---*/
const steps = await Health.getStepsToday()
const distance = await Health.getDistanceToday()
this.steps = `${steps} steps · ${(distance / 1000).toFixed(2)} km`
