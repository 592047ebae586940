/// What `widgethost init --kind live` writes in place of the status widget: a Live Activity that
/// follows a delivery from the recorded answer of its request, counts down to the delivery time,
/// asks for an update every 5 minutes and ends itself once delivered, with the Lock Screen
/// layout `studio` draws at once.
enum LiveTemplate {
    /// The time the fixture and the suggested commands run at: 20 minutes before the delivery.
    static let now = "2026-11-29T18:40:00Z"

    static let script = """
        /*---
        description: the Live Activity shows the delivery's progress from the recorded answer and asks for its next update in 5 minutes
        kind: live
        now: \(now)
        tz: UTC
        profile: widget.profile.json
        fixtures: widget.fixtures.json
        expect:
          status: ok
          outputsInclude: { title: "Order 1042", stage: "On its way", minutesLeft: 20, progress: 0.5 }
          nextRefresh: { reason: frequency }
          liveActivity: { state: active }
          diagnosticsExact: []
        ---*/
        // widget.js: a Live Activity. The block above is its conformance fixture: what a run at
        // \(now) with the recorded answer must give ('widgethost test .' checks it).
        //
        //   widgethost run widget.js --kind live --profile widget.profile.json --fixtures widget.fixtures.json --now \(now)
        //   widgethost studio widget.js --kind live --layout widget.layout.json --profile widget.profile.json --fixtures widget.fixtures.json --now \(now)
        //   widgethost simulate widget.js --kind live --profile widget.profile.json --fixtures widget.fixtures.json --now \(now) --summary
        //
        // The activity runs as a widget does: its outputs are the variables the Lock Screen
        // layout (widget.layout.json) shows as ${title}, ${minutesLeft}, …; setUpdateFreq asks
        // for the next update, and endLiveActivity() ends it (it stays on the Lock Screen for 4
        // hours, then goes). A server can send the same variables with a push instead
        // ('widgethost push update --script widget.js …', docs/push.md).

        const _order = await new Request("https://status.example.com/api/orders/1042").fetchJSON()
        const _left = new Date(_order.eta) - Date.now()
        const _span = new Date(_order.eta) - new Date(_order.dispatched)

        const title = "Order " + _order.id
        const stage = _left > 0 ? "On its way" : "Delivered"
        const minutesLeft = Math.max(0, Math.ceil(_left / 60000))
        const progress = Math.min(1, Math.max(0, 1 - _left / _span))

        if (_left > 0) {
          setUpdateFreq(5)
        } else {
          endLiveActivity()
        }

        """

    /// The Lock Screen view: the order and its stage, the minutes to go, and a bar of the way done.
    static let layout = """
        {
          "type": "vstack",
          "alignment": "leading",
          "spacing": 6,
          "children": [
            {
              "type": "hstack",
              "spacing": 6,
              "children": [
                { "type": "text", "content": "${title}", "fontSize": 14, "fontWeight": "semibold", "lineLimit": 1, "minimumScaleFactor": 0.7 },
                { "type": "spacer", "minLength": 0 },
                { "type": "text", "content": "${stage}", "fontSize": 14, "fontWeight": "semibold", "color": { "light": "#1E9E4A", "dark": "#4CD964" }, "lineLimit": 1, "minimumScaleFactor": 0.7 }
              ]
            },
            {
              "type": "tstack",
              "lineLimit": 1,
              "minimumScaleFactor": 0.5,
              "children": [
                { "type": "text", "content": "${minutesLeft}", "fontSize": 28, "fontWeight": "bold" },
                { "type": "text", "content": " min to go", "fontSize": 15, "fontWeight": "medium", "color": { "light": "#6E6E73", "dark": "#98989D" } }
              ]
            },
            { "type": "gauge", "style": "alinear", "content": "${progress}", "color": { "light": "#1E9E4A", "dark": "#4CD964" } }
          ]
        }

        """

    static let profile = """
        {
          "schema": "widgethost.profile/1",
          "widget": { "name": "Delivery" }
        }

        """

    static let fixtures = """
        {
          "schema": "widgethost.fixtures/1",
          "fixtures": [
            {
              "request": { "method": "GET", "url": "https://status.example.com/api/orders/1042" },
              "response": {
                "status": 200,
                "json": { "id": 1042, "dispatched": "2026-11-29T18:20:00Z", "eta": "2026-11-29T19:00:00Z" }
              }
            }
          ]
        }

        """
}
