// A script with a mistake, to show the error report.
//
//   Scripts/widgethost run Fixtures/Examples/mistake.js
//
// The API answer has no `current` field, so reading `.temperature` of
// undefined throws. The run ends with status "error", exit status 1, and the
// report points at line 17, column 33, with the stack. A widget whose run
// fails publishes nothing: the device keeps showing the last good outputs.

function parse(answer) {
  const data = JSON.parse(answer)
  return data
}

const answer = parse('{"location": "Berlin", "daily": []}')
let location = answer.location
let temperature = answer.current.temperature
setUpdateFreq(30)
