import WidgetHost

/// The files `widgethost init` writes: a widget project an author opens in an editor, runs,
/// previews and tests, locally and on GitHub Actions (docs/editors.md).
enum ProjectTemplate {
    /// The project's files, path (relative to the project folder) and text, for a widget of `kind`:
    /// a status widget, or for `live` a Live Activity (``LiveTemplate``), each with a JSON layout
    /// that `studio` and `preview` draw at once. The workflow builds widgethost from `source`, or
    /// from the two values its author fills in.
    static func files(kind: ScriptKind, source: SourceRecord? = nil) -> [(path: String, text: String)] {
        let live = kind.isLiveActivity
        return [
            ("widget.js", live ? LiveTemplate.script : script(kind: kind)),
            ("widget.layout.json", live ? LiveTemplate.layout : kind == .circular ? circularLayout : kind == .inline ? inlineLayout : layout),
            ("widget.profile.json", live ? LiveTemplate.profile : profile),
            ("widget.fixtures.json", live ? LiveTemplate.fixtures : fixtures),
            ("omni.d.ts", TypeDeclarations.text()),
            ("jsconfig.json", EditorConfig.jsconfig(checkJs: false, include: ["*.js", "omni.d.ts"], exclude: [".widgethost"])),
            (".gitignore", ".widgethost/\njunit-*.xml\nwidgethost-push.db*\n"),
            (".github/workflows/widgethost.yml", workflow(source: source)),
        ]
    }

    /// The commands `init` suggests after it, for a project of `kind` (in its folder).
    static func nextSteps(kind: ScriptKind) -> [String] {
        let files = "--profile widget.profile.json --fixtures widget.fixtures.json"
        let now = kind.isLiveActivity ? " --now \(LiveTemplate.now)" : ""
        return [
            "widgethost run widget.js --kind \(kind.rawValue) \(files)\(now)",
            "widgethost studio widget.js --kind \(kind.rawValue) --layout widget.layout.json \(files)\(now)",
            "widgethost test .",
        ]
    }

    /// The commands `init --edition harmony` suggests after it, for a card (in its folder).
    static func nextSteps(card: HarmonyCard) -> [String] {
        let options = "--edition harmony --kind \(card.kind.rawValue) --dimension \(card.dimension.rawValue)"
        return [
            "widgethost run widget.js \(options) --profile widget.profile.json --fixtures widget.fixtures.json",
            "widgethost test .",
        ]
    }

    /// The files of a HarmonyOS card's project (H1): the same set, its script written as that
    /// edition's docs write them, its declarations that edition's.
    static func files(card: HarmonyCard, source: SourceRecord? = nil) -> [(path: String, text: String)] {
        [
            ("widget.js", harmonyScript(card: card)),
            ("widget.layout.txt", harmonyLayout),
            ("widget.profile.json", profile),
            ("widget.fixtures.json", fixtures),
            ("omni.d.ts", TypeDeclarations.text(for: .harmony)),
            ("jsconfig.json", EditorConfig.jsconfig(checkJs: false, include: ["*.js", "omni.d.ts"], exclude: [".widgethost"])),
            (".gitignore", ".widgethost/\njunit-*.xml\n"),
            (".github/workflows/widgethost.yml", workflow(source: source, edition: .harmony)),
        ]
    }

    static func harmonyScript(card: HarmonyCard) -> String {
        let options = "--edition harmony --kind \(card.kind.rawValue) --dimension \(card.dimension.rawValue)"
        return """
            /*---
            description: the card shows the service's status from the recorded answer
            edition: harmony
            kind: \(card.kind.rawValue)
            dimension: "\(card.dimension.rawValue)"
            profile: widget.profile.json
            fixtures: widget.fixtures.json
            expect:
              status: ok
              outputsInclude: { title: "All systems go", open: 2, city: "Lisbon" }
              nextRefresh: { reason: frequency }
              diagnosticsExact: []
            ---*/
            // widget.js: a HarmonyOS \(card.description) card. The block above is its conformance fixture:
            // what a run with the profile and the recorded answer must give ('widgethost test .' checks it).
            //
            //   widgethost run widget.js \(options) --profile widget.profile.json --fixtures widget.fixtures.json
            //
            // The card's bindings are the top-level const, let and var that start their line; the
            // layout shows them as ${title}, ${open}, … (names starting with _ stay private). The
            // whole run has 4.5 s: await requests together with Promise.all.

            const [_answer, _place] = await Promise.all([
              new Request("https://status.example.com/api/summary").fetchJSON(),
              Location.getPlacemark(),
            ])
            const title = _answer.status === "ok" ? "All systems go" : "Trouble: " + _answer.status
            const open = _answer.incidents.filter((incident) => !incident.resolved).length
            const city = _place.city
            const checked = Date.now()

            setUpdateFreq(30)

            """
    }

    static let harmonyLayout = """
        ${title}
        ${open} open incidents
        ${city}

        """

    static func script(kind: ScriptKind) -> String {
        """
            /*---
            description: the widget shows the service's status from the recorded answer
            kind: \(kind.rawValue)
            profile: widget.profile.json
            fixtures: widget.fixtures.json
            expect:
              status: ok
              outputsInclude: { title: "All systems go", open: 2, tint: "#FF9500", city: "Lisbon" }
              nextRefresh: { reason: frequency }
              diagnosticsExact: []
            ---*/
            // widget.js: a \(kind.rawValue) widget. The block above is its conformance fixture: what a run
            // with the profile and the recorded answer must give ('widgethost test .' checks it).
            //
            //   widgethost run widget.js --kind \(kind.rawValue) --profile widget.profile.json --fixtures widget.fixtures.json
            //   widgethost studio widget.js --kind \(kind.rawValue) --layout widget.layout.json --profile widget.profile.json --fixtures widget.fixtures.json
            //
            // Every top-level const, let and var is an output, and so is every property set on
            // `this`; the layout (widget.layout.json) shows them as ${title}, ${open}, … (names
            // starting with _ stay private). 'widgethost run' keeps what a script stores (Config,
            // setValue, files) in the state folder .widgethost between runs; --fresh-state starts clean.

            const _answer = await new Request("https://status.example.com/api/summary").fetchJSON()
            const title = _answer.status === "ok" ? "All systems go" : "Trouble: " + _answer.status
            const open = _answer.incidents.filter((incident) => !incident.resolved).length
            const tint = open > 0 ? "#FF9500" : "#34C759"
            const _place = await Location.getPlacemark()
            this.city = _place.city
            this.checked = new Date()

            setUpdateFreq(30)

            """
    }

    /// The status widget's layout: the title, the city, and a dot in the script's colour beside
    /// the count, filling the family from its top leading corner (a clear rectangle behind it).
    static let layout = """
        {
          "type": "zstack",
          "alignment": "topLeading",
          "children": [
            { "type": "shape", "content": "rectangle", "color": "transparent" },
            {
              "type": "vstack",
              "alignment": "leading",
              "spacing": 2,
              "children": [
                { "type": "text", "content": "${title}", "fontSize": 20, "fontWeight": "bold", "lineLimit": 2, "minimumScaleFactor": 0.5 },
                { "type": "text", "content": "${city}", "fontSize": 13, "fontWeight": "semibold", "color": { "light": "#6E6E73", "dark": "#98989D" }, "lineLimit": 1, "minimumScaleFactor": 0.5 },
                { "type": "spacer", "minLength": 0 },
                {
                  "type": "hstack",
                  "spacing": 5,
                  "children": [
                    { "type": "shape", "content": "circle", "width": 8, "height": 8, "color": "${tint}" },
                    { "type": "text", "content": "${open} open", "fontSize": 13, "fontWeight": "medium", "lineLimit": 1, "minimumScaleFactor": 0.5 }
                  ]
                }
              ]
            }
          ]
        }

        """

    /// The circular widget's layout: 72 pt across, room for the count alone, under a dot in the
    /// script's colour.
    static let circularLayout = """
        {
          "type": "vstack",
          "alignment": "center",
          "spacing": 1,
          "children": [
            { "type": "shape", "content": "circle", "width": 6, "height": 6, "color": "${tint}" },
            { "type": "text", "content": "${open}", "fontSize": 26, "fontWeight": "bold", "lineLimit": 1, "minimumScaleFactor": 0.5 },
            { "type": "text", "content": "open", "fontSize": 11, "fontWeight": "semibold", "lineLimit": 1, "minimumScaleFactor": 0.7 }
          ]
        }

        """

    /// The inline widget's layout: one line of text beside the clock, as an inline widget shows.
    static let inlineLayout = """
        { "type": "text", "content": "${title} · ${open} open", "lineLimit": 1, "minimumScaleFactor": 0.7 }

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

    /// The Debian images the workflow's jobs run in: the Swift toolchain's, to build the
    /// package, and plain Debian 12, to install it as a user would. Exact tags, not moving ones.
    static let buildImage = "swift:6.3.1-bookworm"
    static let testImage = "debian:12.11"

    /// The workflow: one job builds widgethost's package from its sources at a pinned commit
    /// (cached by that commit) and hands it to the test shards as an artifact; each shard installs
    /// it with apt, runs its share of the fixtures and keeps its JUnit report; one type-checks.
    static func workflow(source: SourceRecord?, edition: Edition = .ios) -> String {
        let typesOptions = edition == .harmony ? "--edition harmony " : ""
        return """
        # Tests the widget with widgethost on every push: the conformance fixtures (every .js file
        # with a /*--- ... ---*/ block) in shards across a matrix, each shard's JUnit report kept as
        # an artifact, and the scripts type-checked against omni.d.ts once.
        #
        # widgethost is installed from its Debian package, built from its sources: the repository
        # WIDGETHOST_GIT at the commit WIDGETHOST_COMMIT (below\(source == nil ? "; set both before the first push" : "")).
        # The package is built once per commit and cached, and each shard installs it with apt;
        # change the commit to upgrade.
        name: widgethost

        on:
          push:
          pull_request:

        env:
          WIDGETHOST_GIT: "\(source?.repository ?? "")"
          WIDGETHOST_COMMIT: "\(source?.commit ?? "")"

        jobs:
          package:
            runs-on: ubuntu-latest
            container: \(buildImage)
            steps:
              - name: Reuse the package built from this commit
                id: cache
                uses: actions/cache@v4
                with:
                  path: widgethost-package
                  key: widgethost-package-${{ env.WIDGETHOST_COMMIT }}-\(buildImage)
              - name: Build the package
                if: steps.cache.outputs.cache-hit != 'true'
                run: |
                  if [ -z "$WIDGETHOST_GIT" ] || [ -z "$WIDGETHOST_COMMIT" ]; then echo "::error::set WIDGETHOST_GIT and WIDGETHOST_COMMIT in .github/workflows/widgethost.yml: where widgethost's sources are, and the commit to build"; exit 1; fi
                  git init -q widgethost-sources
                  git -C widgethost-sources fetch -q --depth 1 "$WIDGETHOST_GIT" "$WIDGETHOST_COMMIT"
                  git -C widgethost-sources checkout -q FETCH_HEAD
                  widgethost-sources/Scripts/setup
                  mkdir -p widgethost-package
                  widgethost-sources/Scripts/package --out widgethost-package
              - uses: actions/upload-artifact@v4
                with:
                  name: widgethost-package
                  path: widgethost-package

          test:
            needs: package
            runs-on: ubuntu-latest
            container: \(testImage)
            strategy:
              fail-fast: false
              matrix:
                shard: [1, 2]
            steps:
              - uses: actions/checkout@v4
              - uses: actions/download-artifact@v4
                with:
                  name: widgethost-package
                  path: .widgethost/package
              - name: Reuse the Debian packages downloaded before
                uses: actions/cache@v4
                with:
                  path: /var/cache/apt/archives
                  key: apt-\(testImage)-widgethost-${{ env.WIDGETHOST_COMMIT }}
              - name: Install widgethost
                run: |
                  rm -f /etc/apt/apt.conf.d/docker-clean
                  apt-get update -qq
                  apt-get install -y -qq --no-install-recommends ./.widgethost/package/widgethost_*.deb node-typescript
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
                  widgethost types \(typesOptions)--wrap .widgethost/typecheck *.js
                  tsc -p .widgethost/typecheck/jsconfig.json

        """
    }
}
