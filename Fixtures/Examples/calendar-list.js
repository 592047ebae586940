// The next three calendar events (the docs' calendar list).
//
//   Scripts/widgethost run Fixtures/Examples/calendar-list.js --profile Fixtures/Examples/calendar-list.profile.json --now 2026-05-02T09:00:00 --tz Asia/Shanghai
//
// Calendar.getEvents() resolves to a JSON string of the events from now to one month
// ahead; the layout loops over `events` (data source ${events[ev]}, texts ${ev.title}).
// The profile holds five events: one already over, four ahead, one of them more than a
// month away.
//
// Outputs: events (3: "Team Weekly" with startDate "2026-05-04 02:00:00 +0000",
// "Dentist", "Mother's Day lunch"), more 0.

const _all = JSON.parse(await Calendar.getEvents())
this.events = _all.slice(0, 3)
this.more = Math.max(0, _all.length - 3)
