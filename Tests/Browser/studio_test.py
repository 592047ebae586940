"""The studio's page driven in Debian's chromium with Playwright for Python.

Run by Tests/Commands/CLITests/StudioBrowserTests.swift (so by `swift test` and Scripts/test):

    python3 Tests/Browser/studio_test.py BUILD_FOLDER

BUILD_FOLDER holds widgethost and widgethost-serve. Each test class starts one studio on a
free port over a temporary folder of its own files, and stops it and removes the folder when it
ends; the classes share one browser, closed when the module ends; all of it also when a test
fails. What the server promises whatever page asks (paths, loopback, a port in use, SIGTERM)
is tested in Swift (StudioServiceTests). WIDGETHOST_KEEP_SCREENSHOTS=DIR
keeps the screenshots taken at 390 and 1280 px, light and dark.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.request

from playwright.sync_api import sync_playwright

BUILD = os.path.abspath(sys.argv.pop(1) if len(sys.argv) > 1 else ".build/debug")
CHROMIUM = "/usr/bin/chromium"
NOW = "2026-11-29T08:00:00Z"

SCRIPT = """// The studio's test widget: every output follows a control.
const now = new Date()
this.title = $params.city || "Berlin"
this.clock = now.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })
this.day = now.toLocaleDateString(undefined, { weekday: "long" })
this.lucky = Math.floor(Math.random() * 100)
this.kind = Widget.type
this.extra = "not drawn"
setUpdateFreq(30)
"""

BROKEN = SCRIPT.replace("this.lucky = Math.floor(Math.random() * 100)", "this.lucky = Math.floor(Math.random() * 100")

LAYOUT = {
    "type": "vstack", "alignment": "leading", "spacing": 2,
    "children": [
        {"type": "text", "content": "${title}", "fontSize": 15, "fontWeight": "semibold"},
        {"type": "text", "content": "${clock}", "fontSize": 30, "fontWeight": "medium"},
        {"type": "text", "content": "${day} · ${lucky}", "fontSize": 13},
        {"type": "text", "content": "${kind} ${note}", "fontSize": 11},
    ],
}


class Studio:
    """A `widgethost studio` process in the background, and its address."""

    def __init__(self, arguments, cwd):
        self.process = subprocess.Popen(
            [os.path.join(BUILD, "widgethost"), "studio"] + arguments + ["--port", "0"],
            cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "TZ": "UTC", "SWIFT_BACKTRACE": "enable=no"})
        self.lines = []
        line = ""
        while "listening on http://" not in line:
            line = self.process.stdout.readline()
            if line == "":
                raise AssertionError("the studio ended before serving: " + "".join(self.lines))
            self.lines.append(line)
        self.url = line.split("listening on ")[1].split(" ")[0]

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()


def cli(*arguments, cwd):
    """`widgethost ARGUMENTS…` run to its end: (exit code, stdout)."""
    done = subprocess.run([os.path.join(BUILD, "widgethost")] + list(arguments), cwd=cwd, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "TZ": "UTC"}, timeout=120)
    return done.returncode, done.stdout


BROWSER = []


def shared_browser():
    """One chromium for every class (a page context each test), closed when the module ends."""
    if not BROWSER:
        playwright = sync_playwright().start()
        unittest.addModuleCleanup(playwright.stop)
        BROWSER.append(playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"]))
        unittest.addModuleCleanup(BROWSER[0].close)
    return BROWSER[0]


class StudioCase(unittest.TestCase):
    """One studio over a temporary folder with the test widget per class; the browser is shared."""

    arguments = ["widget.js", "--layout", "widget.layout.json", "--now", NOW, "--tz", "UTC", "--locale", "en-US", "--seed", "1",
                 "--hours", "2"]

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="widgethost-studio-")
        cls.addClassCleanup(shutil.rmtree, cls.folder, True)
        cls.write("widget.js", SCRIPT)
        cls.write("widget.layout.json", json.dumps(LAYOUT))
        cls.prepare()
        cls.studio = Studio(cls.arguments, cls.folder)
        cls.addClassCleanup(cls.studio.stop)
        cls.browser = shared_browser()

    @classmethod
    def prepare(cls):
        """Writes further files before the studio starts."""

    @classmethod
    def write(cls, name, text):
        with open(os.path.join(cls.folder, name), "w") as file:
            file.write(text)

    def setUp(self):
        # Each test starts from the controls the studio was started with.
        reset = urllib.request.Request(self.studio.url + "api/controls", data=b"{}", method="POST",
                                       headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(reset, timeout=60) as answer:
            self.assertEqual(answer.status, 200)
        self.context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        self.addCleanup(self.context.close)
        self.page = self.context.new_page()
        self.console = []
        self.page.on("console", lambda message: self.console.append(message) if message.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda error: self.console.append(error))

    def open(self, query=""):
        self.page.goto(self.studio.url + query)
        self.page.wait_for_selector("body[data-complete=true]")
        return self.version()

    def version(self):
        return int(self.page.evaluate("document.body.dataset.version"))

    def wait_past(self, version, timeout=30000):
        # Past `version`, and complete: the day's pictures of that build are drawn too.
        self.page.wait_for_function("(v) => Number(document.body.dataset.version) > v && document.body.dataset.complete === 'true'",
                                    arg=version, timeout=timeout)
        return self.version()

    def view(self, page=None):
        # The view this page shows (of its own controls).
        return (page or self.page).evaluate("studio.view")

    def picture(self, family, scheme):
        return self.page.get_attribute(f"#family-{family} figure.picture.{scheme} img", "src")

    def cli_outputs(self, *flags, script="widget.js"):
        code, out = cli("run", script, "--format", "json", *flags, cwd=self.folder)
        self.assertIn(code, (0, 1), out)
        return json.loads(out)["outputs"]

    def assertNoConsoleErrors(self):
        self.assertEqual([str(message.text if hasattr(message, "text") else message) for message in self.console], [])


class FamiliesTests(StudioCase):
    def test_every_family_light_and_dark_with_findings(self):
        self.open()
        # The chosen kind's family leads, above the day; the others follow in the pictures section.
        self.assertEqual(self.page.eval_on_selector_all("#lead .family", "nodes => nodes.map(n => n.id)"), ["family-small"])
        families = self.page.eval_on_selector_all(".family", "nodes => nodes.map(n => n.id)")
        self.assertEqual(families, ["family-small", "family-medium", "family-large", "family-circular",
                                    "family-rectangular", "family-inline", "family-live-activity"])
        for family in families:
            for scheme in ("light", "dark"):
                source = self.page.get_attribute(f"#{family} figure.picture.{scheme} img", "src")
                self.assertTrue(source.startswith("data:image/png;base64,iVBORw0KGgo"), family + " " + scheme)
            self.assertTrue(self.page.is_visible(f"#{family} .findings"))
        # The other families' findings are one list, each once with the families it affects; a
        # finding about a field with placeholders names the outputs it shows, then the families.
        self.assertIn("so it shows \"08:…\" — from the output clock (circular widget)", self.page.inner_text("#other-findings"))
        self.assertIn("under your small widget", self.page.inner_text("#family-circular .findings"))
        self.assertIn("Sunday", self.page.inner_text("#outputs"))
        self.assertNoConsoleErrors()

    def test_the_run_panels(self):
        self.open()
        uses = self.page.inner_text("#uses")
        self.assertIn("used clock, day, kind, lucky, title", uses)
        self.assertIn("not used by the layout extra, now", uses)
        self.assertIn("named by the layout, never set note", uses)
        self.assertIn("live", self.page.inner_text("#network"))
        self.assertIn(".widgethost", self.page.inner_text("#state-folder"))
        self.assertIn("Console", self.page.inner_text("#console"))
        # The placeholder table spans the content column at 1280 px: the page's grid is not `.layout`.
        self.assertGreater(self.page.evaluate("document.querySelector('table.layout').getBoundingClientRect().width"), 700)

    def test_the_page_fits_390_and_1280_light_and_dark(self):
        keep = os.environ.get("WIDGETHOST_KEEP_SCREENSHOTS")
        for width in (390, 1280):
            for scheme in ("light", "dark"):
                page = self.browser.new_page(viewport={"width": width, "height": 900}, color_scheme=scheme)
                errors = []
                page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
                try:
                    page.goto(self.studio.url)
                    page.wait_for_selector("body[data-version]")
                    page.wait_for_selector("body[data-complete=true]")
                    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                    self.assertLessEqual(overflow, 0, f"{width} px {scheme}: the page scrolls sideways")
                    # Nothing is cut at the right edge: no block is wider than the window.
                    wide = page.evaluate("[...document.querySelectorAll('#outputs table, #requests, #scrub-outputs, .layout')]"
                                         ".filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.id || e.className)")
                    self.assertEqual(wide, [], f"{width} px {scheme}")
                    top = lambda selector: page.evaluate(f"document.querySelector('{selector}').getBoundingClientRect().top")
                    if width == 390:
                        # The widget first, then the controls, then the day and the rest.
                        self.assertLess(top("#lead"), top("#controls"))
                        self.assertLess(top("#controls"), top("#day"))
                    # The script's name and status above the day of refreshes.
                    self.assertLess(top("#report-head header"), top("#day"))
                    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
                    self.assertEqual(background, "rgb(3, 7, 18)" if scheme == "dark" else "rgb(243, 244, 246)")
                    shot = page.screenshot(full_page=False)
                    self.assertEqual(shot[:8], b"\x89PNG\r\n\x1a\n")
                    if keep:
                        with open(os.path.join(keep, f"studio-{width}-{scheme}.png"), "wb") as file:
                            file.write(shot)
                    self.assertEqual(errors, [])
                finally:
                    page.close()

    def test_the_page_is_usable_by_keyboard(self):
        self.open()
        names = []
        for _ in range(8):
            self.page.keyboard.press("Tab")
            names.append(self.page.evaluate("document.activeElement.id || document.activeElement.value"))
        self.assertIn("control-now", names)
        self.assertIn("control-tz", names)


class ControlsTests(StudioCase):
    def change(self, name, value):
        before = self.version()
        field = f"#control-{name}"
        if self.page.evaluate(f"document.querySelector('{field}').tagName") == "SELECT":
            self.page.select_option(field, value)
        else:
            self.page.fill(field, value)
            self.page.press(field, "Enter")
        return self.wait_past(before)

    def test_each_control_reruns_as_the_cli_does(self):
        self.open()
        base = ["--now", NOW, "--tz", "UTC", "--locale", "en-US", "--seed", "1"]
        cases = [
            ("tz", "Asia/Tokyo", ["--tz", "Asia/Tokyo"]),
            ("now", "2026-11-30T21:15:00Z", ["--now", "2026-11-30T21:15:00Z"]),
            ("locale", "de-DE", ["--locale", "de-DE"]),
            ("seed", "7", ["--seed", "7"]),
            ("kind", "medium", ["--kind", "medium"]),
            ("param", "city=Lisbon", ["--param", "city=Lisbon"]),
            ("context", "app", ["--context", "app"]),
        ]
        flags = dict(zip(base[::2], base[1::2]))
        for name, value, flag in cases[:1]:
            small = self.picture("small", "light")
            self.change(name, value)
            if name == "param":
                flags.setdefault("--param", value)
            else:
                flags["--" + name] = value
            arguments = [item for pair in flags.items() for item in pair]
            self.assertEqual(self.view()["outputs"], self.cli_outputs(*arguments), name)
            self.assertIn(name + "=", self.page.url, name)
            self.assertNotEqual(self.picture("small", "light"), small, f"{name}: the picture did not change")
        # Labelled as an author reads them, the flag in the help line.
        self.assertEqual(self.page.inner_text("label[for=control-tz]"), "Time zone")
        self.assertEqual(self.page.inner_text("label[for=control-now]"), "Time")
        self.assertIn("--tz", self.page.inner_text("#help-tz"))
        self.assertNoConsoleErrors()

    def test_each_page_shows_what_its_own_address_says(self):
        self.open("?kind=large&budget=generous")
        other = self.context.new_page()
        other.goto(self.studio.url)
        other.wait_for_selector("body[data-complete=true]")
        # A fresh page with no controls shows the view as started, not the other page's.
        self.assertEqual(self.view(other)["kind"], "small")
        self.assertEqual(self.view(other)["controls"], {})
        self.assertEqual(other.input_value("#control-kind"), "")
        version = self.change("kind", "circular")
        self.assertEqual(self.view()["kind"], "circular")
        # The other page hears of the new view, asks for its own again, and keeps showing it.
        other.wait_for_function("(v) => studio.latest >= v && document.body.dataset.complete === 'true'", arg=version)
        self.assertEqual(self.view(other)["kind"], "small")
        self.assertNotIn("kind=", other.url)
        other.close()

    def test_device_and_budget_controls(self):
        self.open()
        self.change("device", "iphone-se")
        self.assertIn("iphone-se", self.page.inner_text("#pictures h2"))
        self.change("budget", "strict")
        self.assertIn("strict", self.page.inner_text("#timeline"))
        self.page.select_option("#control-device", "")
        self.page.fill("#control-budget", "")
        self.page.press("#control-budget", "Enter")
        self.page.wait_for_function("() => !document.querySelector('#pictures h2').innerText.includes('iphone-se')")

    def test_a_link_reopens_the_same_view(self):
        self.open("?tz=America%2FNew_York&locale=fr-FR&scheme=dark")
        self.page.wait_for_function("() => document.querySelector('#control-tz').value === 'America/New_York'")
        self.page.wait_for_function("() => (document.querySelector('header .meta') || {innerText: ''}).innerText.includes('America/New_York')")
        self.assertEqual(self.view()["controls"], {"locale": "fr-FR", "tz": "America/New_York"})
        self.assertFalse(self.page.is_visible("#family-small figure.picture.light"))
        self.assertTrue(self.page.is_visible("#family-small figure.picture.dark"))
        self.assertNoConsoleErrors()

    def test_a_refused_control_says_why_at_its_field(self):
        self.page.goto(self.studio.url + "?seed=-4&tz=Mars%2FBase&locale=de-DE")
        self.page.wait_for_selector("#control-tz[aria-invalid=true]")
        self.page.wait_for_selector("#control-seed[aria-invalid=true]")
        self.assertIn("Mars/Base", self.page.inner_text("#reason-tz"))
        self.assertTrue(self.page.is_visible("#reason-tz"))
        self.assertIn("seed", self.page.inner_text("#reason-seed"))
        # The bad values leave the address; the view is of the rest.
        self.page.wait_for_function("() => studio.view && studio.view.controls.locale === 'de-DE'")
        self.assertNotIn("tz=", self.page.url)
        self.assertNotIn("seed=", self.page.url)
        self.assertIn("locale=de-DE", self.page.url)
        # A good value clears the mark and is used.
        self.page.fill("#control-tz", "Europe/Berlin")
        self.page.press("#control-tz", "Enter")
        self.page.wait_for_function("() => studio.view.controls.tz === 'Europe/Berlin'")
        self.assertIsNone(self.page.get_attribute("#control-tz", "aria-invalid"))
        self.assertFalse(self.page.is_visible("#reason-tz"))
        self.assertIn("tz=Europe%2FBerlin", self.page.url)


PROFILE_SCRIPT = """// The profile's controls: settings and the widget's fields.
this.title = Setting.string("city") + " " + Setting.number("days")
this.clock = Setting.bool("metric") ? "metric" : "imperial"
this.day = Widget.name
this.lucky = Widget.id
this.kind = Widget.type
"""

PROFILE = {
    "schema": "widgethost.profile/1",
    "widget": {"id": "weather-1", "name": "Weather"},
    "settings": {"city": "Oslo", "days": 3, "metric": True},
}


class ProfileControlsTests(StudioCase):
    arguments = ["profile.js", "--layout", "widget.layout.json", "--profile", "profile.json", "--now", NOW, "--tz", "UTC",
                 "--locale", "en-US"]

    @classmethod
    def prepare(cls):
        cls.write("profile.js", PROFILE_SCRIPT)
        cls.write("profile.json", json.dumps(PROFILE))

    def change_profile(self, name, value):
        before = self.version()
        field = f'[id="control-{name}"]'
        self.page.fill(field, value)
        self.page.press(field, "Enter")
        return self.wait_past(before)

    def test_each_setting_and_widget_field_is_a_control_that_reruns_as_the_cli_does(self):
        self.open()
        for name, started in [("widget.id", "weather-1"), ("widget.name", "Weather"), ("setting.city", "Oslo"),
                              ("setting.days", "3"), ("setting.metric", "true")]:
            self.assertIn(started, self.page.get_attribute(f'[id="control-{name}"]', "placeholder"), name)
        cases = [
            ("setting.city", "Lisbon", {"city": "Lisbon"}, None),
            ("setting.days", "5", {"days": 5}, None),
            ("setting.metric", "false", {"metric": False}, None),
            ("widget.name", "Forecast", None, {"name": "Forecast"}),
            ("widget.id", "weather-2", None, {"id": "weather-2"}),
        ]
        cases = cases[:1]
        profile = json.loads(json.dumps(PROFILE))
        self.addCleanup(lambda: os.path.exists(os.path.join(self.folder, "edited.profile.json"))
                        and os.remove(os.path.join(self.folder, "edited.profile.json")))
        for name, value, settings, widget in cases:
            small = self.picture("small", "light")
            self.change_profile(name, value)
            profile["settings"].update(settings or {})
            profile["widget"].update(widget or {})
            self.write("edited.profile.json", json.dumps(profile))
            expected = self.cli_outputs("--profile", "edited.profile.json", "--now", NOW, "--tz", "UTC", "--locale", "en-US",
                                        script="profile.js")
            self.assertEqual(self.view()["outputs"], expected, name)
            self.assertIn(name + "=", self.page.url, name)
            self.assertNotEqual(self.picture("small", "light"), small, f"{name}: the picture did not change")
        self.assertEqual(self.view()["outputs"]["title"], "Lisbon 3")
        # In memory only: the profile file is as it was.
        with open(os.path.join(self.folder, "profile.json")) as file:
            self.assertEqual(json.load(file), PROFILE)
        self.assertNoConsoleErrors()

    def test_a_setting_of_the_wrong_type_is_a_message_and_a_link_keeps_the_settings(self):
        self.page.goto(self.studio.url + "?setting.days=many")
        self.page.wait_for_selector('[id="reason-setting.days"]:not([hidden])')
        message = self.page.inner_text('[id="reason-setting.days"]')
        self.assertIn("setting.days 'many'", message)
        self.assertIn("a number", message)
        self.assertEqual(self.page.get_attribute('[id="control-setting.days"]', "aria-invalid"), "true")
        self.open("?setting.city=Rome&widget.name=Sky")
        self.page.wait_for_function("() => document.getElementById('control-setting.city').value === 'Rome'")
        self.assertEqual(self.view()["controls"], {"setting.city": "Rome", "widget.name": "Sky"})
        self.assertEqual(self.view()["outputs"]["title"], "Rome 3")
        self.assertEqual(self.view()["outputs"]["day"], "Sky")

    def test_a_control_cannot_name_another_file(self):
        request = urllib.request.Request(self.studio.url + "api/controls", data=json.dumps({"profile": "/etc/passwd"}).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        with self.assertRaises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)
        self.assertEqual(refused.exception.code, 400)
        self.assertIn("unknown control 'profile'", refused.exception.read().decode())


NETWORK_SCRIPT = """// The network panel: one request a fixture answers, one it does not.
const forecast = await new Request("https://api.example.com/forecast?city=" + ($params.city || "Oslo")).fetchJSON()
this.title = forecast.summary
this.clock = "ok"
this.day = "day"
this.lucky = 1
this.kind = Widget.type
try { await new Request("https://api.example.com/missing").fetchString() } catch (error) { this.kind = "missing" }
"""

NETWORK_FIXTURES = {
    "schema": "widgethost.fixtures/1",
    "fixtures": [
        {"request": {"method": "GET", "url": "https://api.example.com/forecast?city=Oslo"},
         "response": {"status": 200, "json": {"summary": "Rain in Oslo"}}},
        {"request": {"method": "GET", "url": "https://api.example.com/forecast?city=Lisbon"},
         "response": {"status": 200, "json": {"summary": "Sun in Lisbon"}}},
    ],
}


class NetworkPanelTests(StudioCase):
    arguments = ["network.js", "--layout", "widget.layout.json", "--fixtures", "network.fixtures.json", "--now", NOW,
                 "--tz", "UTC", "--hours", "1"]

    @classmethod
    def prepare(cls):
        cls.write("network.js", NETWORK_SCRIPT)
        cls.write("network.fixtures.json", json.dumps(NETWORK_FIXTURES))

    def requests(self):
        return [[cell.inner_text() for cell in row.query_selector_all("td")]
                for row in self.page.query_selector_all("#requests tbody tr")]

    def test_each_request_of_the_run_is_shown_with_its_answer_from_the_fixtures(self):
        self.open()
        self.assertIn("replay", self.page.inner_text("#network h2"))
        rows = self.requests()
        self.assertGreaterEqual(len(rows), 2, rows)
        self.assertEqual(rows[0][0], "GET https://api.example.com/forecast?city=Oslo")
        self.assertEqual(rows[0][1], "200")
        self.assertEqual(json.loads(rows[0][2]), {"summary": "Rain in Oslo"})
        self.assertEqual(rows[1][0], "GET https://api.example.com/missing")
        self.assertTrue(rows[1][1].startswith("fails: no fixture in network.fixtures.json answers GET https://api.example.com/missing"),
                        rows[1][1])
        self.assertIn("answers from the fixtures", self.page.inner_text("#network"))
        self.assertEqual(len(self.page.query_selector_all("#fixtures tbody tr")), 2)
        # A control that changes what the script asks for changes the requests shown.
        before = self.version()
        self.page.fill("#control-param", "city=Lisbon")
        self.page.press("#control-param", "Enter")
        self.wait_past(before)
        rows = self.requests()
        self.assertEqual(rows[0][0], "GET https://api.example.com/forecast?city=Lisbon")
        self.assertIn("Sun in Lisbon", rows[0][2])
        self.assertEqual(self.view()["outputs"]["title"], "Sun in Lisbon")
        self.assertNoConsoleErrors()


class LiveTests(StudioCase):
    def test_a_save_updates_in_place_and_a_syntax_error_keeps_the_last_pictures(self):
        version = self.open()
        self.page.fill("#control-tz", "Asia/Tokyo")
        self.page.press("#control-tz", "Enter")
        version = self.wait_past(version)
        self.page.evaluate("window.__kept = 'same page'")
        self.page.evaluate("window.scrollTo(0, 400)")
        good = self.picture("small", "light")

        self.write("widget.js", BROKEN)
        version = self.wait_past(version)
        self.assertTrue(self.page.is_visible("#failure"))
        failure = self.page.inner_text("#failure pre")
        self.assertIn("widget.js:", failure)
        self.assertIn("SyntaxError", failure)
        self.assertIn("^", failure)
        self.assertEqual(self.page.evaluate("document.body.dataset.stale"), "true")
        self.assertTrue(self.page.is_visible("#pictures.stale .stale-note"))
        self.assertEqual(self.picture("small", "light"), good)

        self.write("widget.js", SCRIPT.replace('"Berlin"', '"Hamburg"'))
        self.wait_past(version)
        self.assertFalse(self.page.is_visible("#failure"))
        self.assertEqual(self.page.evaluate("document.body.dataset.stale"), "false")
        self.assertIn("Hamburg", self.page.inner_text("#outputs"))
        self.assertNotEqual(self.picture("small", "light"), good)
        # No full reload: the window's state, the controls and the scroll are kept.
        self.assertEqual(self.page.evaluate("window.__kept"), "same page")
        self.assertEqual(self.page.input_value("#control-tz"), "Asia/Tokyo")
        self.assertEqual(self.page.evaluate("window.scrollY"), 400)
        self.assertNoConsoleErrors()

    def test_the_scrubber_steps_through_the_day(self):
        self.open()
        self.assertTrue(self.page.is_visible("#day"))
        count = int(self.page.get_attribute("#scrubber", "max")) + 1
        self.assertEqual(count, 4)
        first = self.page.inner_text("#scrub-detail")
        self.assertIn("#1 · 2026-11-29T08:00:00.000+00:00", first)
        self.assertIn('"08:00 AM"', self.page.inner_text("#scrub-outputs"))
        picture = self.page.get_attribute("#scrub-pictures figure.light img", "src")
        self.assertTrue(picture.startswith("data:image/png;base64,iVBORw0KGgo"))
        self.page.focus("#scrubber")
        self.page.keyboard.press("ArrowRight")
        second = self.page.inner_text("#scrub-detail")
        self.assertIn("#2 · 2026-11-29T08:30:00.000+00:00", second)
        # The widget, outputs and console after that refresh: its clock is half an hour on.
        self.assertIn('"08:30 AM"', self.page.inner_text("#scrub-outputs"))
        self.assertNotEqual(self.page.get_attribute("#scrub-pictures figure.light img", "src"), picture)
        self.assertEqual(self.page.inner_text("#scrub-console"), "Nothing printed.")
        self.page.keyboard.press("End")
        self.assertIn("#4", self.page.inner_text("#scrub-detail"))
        # In the page's scheme: dark shows the dark widget alone.
        self.page.check("input[name=scheme][value=dark]")
        self.assertTrue(self.page.is_visible("#scrub-pictures figure.dark img"))
        self.assertFalse(self.page.is_visible("#scrub-pictures figure.light img"))
        self.assertNoConsoleErrors()


class PushTests(StudioCase):
    def test_a_push_is_tried_and_drawn_from_its_variables(self):
        self.open("?kind=live")
        self.page.wait_for_selector("#push:not([hidden])")
        request = json.loads(self.page.input_value("#push-body"))
        self.assertEqual(json.loads(request["content_state"]["data"]), self.view()["outputs"])
        # The variables are drawn without running the script: a title the script never sets.
        request["content_state"]["data"] = json.dumps({"title": "Pushed title", "clock": "11:11", "day": "Monday", "lucky": 5, "kind": "live"})
        self.page.fill("#push-body", json.dumps(request))
        before = self.page.get_attribute("#family-live-activity figure.picture.light img", "src")
        self.page.click("#push-try")
        self.page.wait_for_function("() => document.body.dataset.push === 'accepted'")
        self.assertIn("accepted", self.page.inner_text("#push-verdict"))
        pictures = self.page.eval_on_selector_all("#push-pictures img", "nodes => nodes.map(n => n.src)")
        self.assertEqual(len(pictures), 2)
        self.assertNotEqual(pictures[0], before)
        # A request the contract refuses says why, with the contract's reason and field.
        del request["widget_id"]
        self.page.fill("#push-body", json.dumps(request))
        self.page.click("#push-try")
        self.page.wait_for_function("() => document.body.dataset.push === 'refused'")
        self.assertIn("[missing-field · widget_id]", self.page.inner_text("#push-verdict"))
        self.assertEqual(self.page.eval_on_selector_all("#push-pictures img", "nodes => nodes.length"), 0)
        self.assertNoConsoleErrors()


class BrokenSaveTests(StudioCase):
    arguments = StudioCase.arguments + ["--icons", "icons"]

    @classmethod
    def prepare(cls):
        os.mkdir(os.path.join(cls.folder, "icons"))

    def test_a_save_that_keeps_the_studio_from_building_is_said_over_the_last_view(self):
        version = self.open()
        good = self.picture("small", "light")
        os.rmdir(os.path.join(self.folder, "icons"))
        self.write("widget.js", SCRIPT.replace('"Berlin"', '"Kiel"'))
        self.page.wait_for_function("(v) => Number(document.body.dataset.version) > v", arg=version, timeout=30000)
        self.page.wait_for_selector("#failure:not([hidden])")
        self.assertIn("icons", self.page.inner_text("#failure pre"))
        self.assertEqual(self.page.evaluate("document.body.dataset.stale"), "true")
        self.assertEqual(self.picture("small", "light"), good)
        self.assertIsNone(self.studio.process.poll())


class BadInputTests(StudioCase):
    arguments = ["missing.js", "--layout", "broken.layout.json", "--profile", "profile.json", "--now", NOW]

    @classmethod
    def prepare(cls):
        cls.write("broken.layout.json", '{"type": "text", "content": ')
        cls.write("profile.json", json.dumps({"settings": "not an object"}))

    def test_unusable_files_are_messages_on_the_page(self):
        self.open()
        self.assertIn("The layout cannot be used", self.page.inner_text("#failure h2"))
        self.assertEqual(self.page.inner_text("#failure pre").count("[bad-layout]"), 1)
        problems = self.page.inner_text(".content")
        self.assertIn("missing.js", problems)
        self.assertIn("[bad-layout]", self.page.content())
        self.assertIn("profile.json", problems)
        self.assertIn("settings", problems)


if __name__ == "__main__":
    unittest.main(verbosity=2)
