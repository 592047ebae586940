/*---
description: $params holds a runjs URL's query parameters as strings
rules: [A1, A7]
params: { city: Berlin, page: 2 }
expect:
  status: ok
  outputs: { city: Berlin, page: "2" }
---*/
let city = $params.city
let page = $params.page
