import WidgetHost

/// The files `widgethost init` writes: a widget project an author opens in an editor, runs,
/// previews and tests, locally and on GitHub Actions (docs/editors.md).
enum ProjectTemplate {
    /// The project's files, path (relative to the project folder) and text, for a widget of `kind`.
    static func files(kind: ScriptKind) -> [(path: String, text: String)] {
        [
            ("widget.js", script(kind: kind)),
            ("widget.layout.txt", layout),
            ("widget.profile.json", profile),
            ("widget.fixtures.json", fixtures),
            ("omni.d.ts", TypeDeclarations.text()),
            ("jsconfig.json", EditorConfig.jsconfig(checkJs: false, include: ["*.js", "omni.d.ts"], exclude: [".widgethost"])),
            (".gitignore", ".widgethost/\njunit-*.xml\nwidgethost-push.db*\n"),
            (".github/workflows/widgethost.yml", workflow),
        ]
    }

    static func script(kind: ScriptKind) -> String {
        let live = kind == .live
        return """
            /*---
            description: the widget shows the service's status from the recorded answer
            kind: \(kind.rawValue)
            profile: widget.profile.json
            fixtures: widget.fixtures.json
            expect:
              status: ok
              outputsInclude: { title: "All systems go", open: 2, city: "Lisbon" }
              nextRefresh: { reason: frequency }
              diagnosticsExact: []
            ---*/
            // widget.js: a \(kind.rawValue) widget. The block above is its conformance fixture: what a run
            // with the profile and the recorded answer must give ('widgethost test .' checks it).
            //
            //   widgethost run widget.js --kind \(kind.rawValue) --profile widget.profile.json --fixtures widget.fixtures.json
            //   widgethost preview widget.js --kind \(kind.rawValue) --profile widget.profile.json --fixtures widget.fixtures.json --layout widget.layout.txt
            //
            // Every top-level const, let and var is an output, and so is every property set on
            // `this`; the layout shows them as ${title}, ${open}, … (names starting with _ stay private).

            const _answer = await new Request("https://status.example.com/api/summary").fetchJSON()
            const title = _answer.status === "ok" ? "All systems go" : "Trouble: " + _answer.status
            const open = _answer.incidents.filter((incident) => !incident.resolved).length
            const _place = await Location.getPlacemark()
            this.city = _place.city
            this.checked = new Date()

            \(live ? "// A Live Activity asks for its next update as a widget does; endLiveActivity() ends it.\n" : "")setUpdateFreq(30)

            """
    }

    static let layout = """
        ${title}
        ${open} open incidents
        ${city}

        """

    static let profile = """
        {
          "schema": "widgethost.profile/1",
          "widget": { "name": "Status" },
          "location": { "placemark": { "name": "Praça do Comércio", "city": "Lisbon", "country": "Portugal", "countryCode": "PT" } }
        }

        """

    static let fixtures = """
        {
          "schema": "widgethost.fixtures/1",
          "fixtures": [
            {
              "request": { "method": "GET", "url": "https://status.example.com/api/summary" },
              "response": {
                "status": 200,
                "json": {
                  "status": "ok",
                  "incidents": [
                    { "id": 1, "title": "Slow logins", "resolved": false },
                    { "id": 2, "title": "Delayed e-mail", "resolved": false },
                    { "id": 3, "title": "Search down", "resolved": true }
                  ]
                }
              }
            }
          ]
        }

        """

    /// The test job: the fixtures in shards across a matrix, each shard's JUnit report kept.
    static let workflow = """
        # Tests the widget with widgethost on every push: the conformance fixtures (every .js file
        # with a /*--- ... ---*/ block) in shards across a matrix, each shard's JUnit report kept as
        # an artifact, and the scripts type-checked against omni.d.ts once.
        #
        # widgethost is built from its sources: set the repository variable WIDGETHOST_GIT
        # (Settings, Secrets and variables, Actions, Variables) to the URL to clone them from.
        name: widgethost

        on:
          push:
          pull_request:

        jobs:
          test:
            runs-on: ubuntu-latest
            container: swift:6.0-bookworm
            strategy:
              fail-fast: false
              matrix:
                shard: [1, 2]
            env:
              WIDGETHOST_GIT: ${{ vars.WIDGETHOST_GIT }}
            steps:
              - uses: actions/checkout@v4
              - name: Install what widgethost needs
                run: |
                  apt-get update -qq
                  apt-get install -y -qq --no-install-recommends git pkg-config tzdata libjavascriptcoregtk-4.1-dev libxml2-dev libcurl4 libmicrohttpd-dev libsqlite3-dev node-typescript
              - name: Build widgethost
                run: |
                  if [ -z "$WIDGETHOST_GIT" ]; then echo "::error::set the repository variable WIDGETHOST_GIT to the URL of WidgetHost's sources"; exit 1; fi
                  git clone --depth 1 "$WIDGETHOST_GIT" "$RUNNER_TEMP/widgethost"
                  swift build -c release --package-path "$RUNNER_TEMP/widgethost" --product widgethost
                  echo "$RUNNER_TEMP/widgethost/.build/release" >> "$GITHUB_PATH"
              - name: Test, shard ${{ matrix.shard }} of ${{ strategy.job-total }}
                run: widgethost test . --shard ${{ matrix.shard }}/${{ strategy.job-total }} --reporter junit --output junit-${{ matrix.shard }}.xml
              - name: Keep the JUnit report
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: junit-${{ matrix.shard }}
                  path: junit-${{ matrix.shard }}.xml
              - name: Type-check the scripts
                if: matrix.shard == 1
                run: |
                  widgethost types --wrap .widgethost/typecheck *.js
                  tsc -p .widgethost/typecheck/jsconfig.json

        """
}
