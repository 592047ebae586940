/*---
description: >-
  every text a report carries is capped at 10,000 characters, the last of them saying how many were cut: an error
  thrown with a message of 100,000 characters is reported with its first 9,974 and " … (90026 more characters)",
  and the uncaught-error diagnostic that quotes it likewise, so a 20 MB message still gives a small report
  (Tests/WidgetHostTests ReportBoundsTests)
rules: [S10]
expect:
  status: error
  error: { name: Error, line: 15 }
  diagnosticsExact: [uncaught-error]
  diagnostics: [{ code: uncaught-error, message: "xxxxxxxx … (90042 more characters)" }]
  outputs: {}
---*/
throw new Error("x".repeat(100000))
