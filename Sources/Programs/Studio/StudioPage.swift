import Preview

/// The studio's page, its script and its style sheet, served from the program (nothing to
/// install, nothing loaded from elsewhere). The page asks for the controls, lays the address's
/// query over them, shows the view and swaps in each new one when an event says it is built.
enum StudioPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>widgethost studio</title>
        <link rel="stylesheet" href="/studio.css">
        <script src="/studio.js" defer></script>
        </head>
        <body class="scheme-both">
        <header class="bar"><h1>widgethost studio</h1><span id="state" role="status" aria-live="polite">loading…</span></header>
        <div id="failure" role="alert" hidden><h2>The script does not run</h2><pre></pre></div>
        <div class="studio-grid">
        <form id="controls" aria-label="Controls" novalidate>
        <h2>Controls</h2>
        <fieldset class="scheme"><legend>Scheme</legend>
        <label><input type="radio" name="scheme" value="both" checked> both</label>
        <label><input type="radio" name="scheme" value="light"> light</label>
        <label><input type="radio" name="scheme" value="dark"> dark</label>
        </fieldset>
        <div id="control-list"></div>
        <p id="control-error" class="problem" role="alert" hidden></p>
        <p class="muted small">Each control is a run flag (its name in the help line); empty is as the studio was started. The address keeps them, so a link reopens this view.</p>
        </form>
        <div class="content">
        <div id="report-head"></div>
        <section id="day" hidden>
        <h2>A day of refreshes <span class="count" id="day-count"></span></h2>
        <label for="scrubber">Refresh</label>
        <input type="range" id="scrubber" min="0" max="0" value="0" step="1">
        <output id="scrub-detail" for="scrubber" aria-live="polite"></output>
        <div class="scrub-row">
        <div id="scrub-pictures" class="scrub-pictures"></div>
        <div class="scrub-run"><h3>Outputs after this refresh</h3><div class="scroll"><table id="scrub-outputs"></table></div>
        <h3>Console</h3><pre id="scrub-console" class="console"></pre></div>
        </div>
        <p id="scrub-problem" class="muted" hidden></p>
        </section>
        <section id="push" hidden>
        <h2>Try a push</h2>
        <p class="muted small">A request as a server sends it to POST /api/push. Its content_state.data variables are drawn on the Lock Screen without running the script, as the app does; the verdict is the contract's for this request.</p>
        <label for="push-body">Request</label>
        <textarea id="push-body" rows="9" spellcheck="false"></textarea>
        <p><button type="button" id="push-try">Try this push</button> <button type="button" id="push-reset">Fill from the outputs</button></p>
        <div id="push-verdict" role="status" aria-live="polite"></div>
        <div id="push-pictures" class="row"></div>
        </section>
        <main id="report" aria-live="off"></main>
        </div>
        </div>
        </body>
        </html>

        """

    static let css = HTMLReport.css + """

        body{background:var(--page)}
        :root{--page:#f3f4f6;--card:#fff;--code:#f3f4f6}
        header.bar{border:0;border-radius:0;margin:0;border-bottom:1px solid var(--line)}
        .bar{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap;padding:10px 16px;background:var(--card);border-bottom:1px solid var(--line)}
        .bar h1{font-size:1.1rem;margin:0}
        #state{color:var(--muted);font-size:.9em}
        #state.live{color:var(--ok)}
        .studio-grid{display:grid;grid-template-columns:minmax(0,1fr);gap:14px;padding:14px;max-width:1400px;margin:0 auto}
        @media (max-width:999px){.content{display:contents}#report-head{order:1}#controls{order:2}#day,#push,#report{order:3;min-width:0}}
        @media (min-width:1000px){.studio-grid{grid-template-columns:280px minmax(0,1fr)}#controls{position:sticky;top:14px;align-self:start;max-height:calc(100vh - 28px);overflow:auto}}
        .content{min-width:0}
        .content main{max-width:none;padding:0;margin:0}
        #report-head{min-width:0}
        form#controls,#day,#push{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 16px;margin:0 0 14px}
        form#controls h2{margin-top:0}
        .control{display:flex;flex-direction:column;margin:0 0 10px}
        .control label{font-weight:600;font-size:.9em}
        .control input,.control select{font:inherit;padding:5px 8px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);min-width:0}
        .control .help{color:var(--muted);font-size:.78em;margin-top:2px}
        .control .reason{color:var(--bad);font-size:.85em;font-weight:600;margin-top:3px;overflow-wrap:anywhere}
        .control [aria-invalid=true]{border-color:var(--bad);box-shadow:0 0 0 1px var(--bad)}
        fieldset.scheme{border:1px solid var(--line);border-radius:6px;margin:0 0 10px;padding:6px 10px}
        fieldset.scheme label{margin-right:6px;white-space:nowrap}
        :focus-visible{outline:3px solid #2563eb;outline-offset:2px}
        .small{font-size:.8em}
        #scrubber{width:100%}
        #scrub-detail{display:block;margin-top:6px;overflow-wrap:anywhere}
        .scrub-row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin-top:8px}
        .scrub-row figure{margin:0}
        .scrub-pictures{display:flex;flex-wrap:wrap;gap:8px}
        .scrub-pictures img{display:block;max-width:100%;height:auto}
        .scrub-run{flex:1 1 220px;min-width:0}
        .scrub-run h3{margin:4px 0}
        #push-body{width:100%;font-family:"DejaVu Sans Mono",ui-monospace,monospace;font-size:.85em;background:var(--code);color:var(--fg);border:1px solid var(--line);border-radius:6px;padding:6px}
        button{font:inherit;padding:5px 12px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
        #push-verdict .accepted{color:var(--ok)}#push-verdict .refused{color:var(--bad)}
        #push-pictures{display:flex;flex-wrap:wrap;gap:8px}
        #requests,#fixtures{table-layout:fixed;width:100%}
        #requests td,#fixtures td{overflow-wrap:anywhere}
        #requests code,#fixtures code,#outputs code,#scrub-outputs code,#state-folder code{white-space:pre-wrap;overflow-wrap:anywhere}
        @media (max-width:600px){#requests thead,#fixtures thead{display:none}#requests,#fixtures,#requests tbody,#fixtures tbody,#requests tr,#fixtures tr,#requests td,#fixtures td{display:block;width:auto}#requests tr,#fixtures tr{border-bottom:1px solid var(--line);padding:4px 0}#requests td,#fixtures td{border:0;padding:1px 4px}}
        #failure{margin:14px;padding:12px 16px;border:2px solid var(--bad);border-radius:10px;background:var(--card)}
        #failure h2{color:var(--bad);margin:0 0 6px}
        #failure pre{white-space:pre-wrap;overflow-wrap:anywhere}
        section.stale img{opacity:.55;filter:grayscale(.6)}
        .stale-note{color:var(--warn)}
        body.scheme-light figure.picture.dark,body.scheme-dark figure.picture.light{display:none}
        @media (prefers-color-scheme:dark){
        :root{color-scheme:dark;--fg:#e5e7eb;--muted:#9ca3af;--line:#374151;--page:#030712;--card:#111827;--code:#1f2937;--ok:#4ade80;--bad:#f87171;--warn:#fbbf24}
        body{background:var(--page)}
        header,section{background:var(--card)}
        pre{background:var(--code)}
        .span{background:var(--code)}
        .chart{background:#fff;border-radius:6px}
        figure.picture.light{background:#d1d5db;color:#111827}
        figure.picture.dark{background:#000}
        }
        """

    static let script = #"""
        'use strict';
        const studio = { version: 0, key: null, latest: 0, asked: 0, declared: [], scheme: 'both', refreshes: [], listening: 0 };
        const $ = (id) => document.getElementById(id);

        function setState(text, live) {
          const state = $('state');
          state.textContent = text;
          state.className = live ? 'live' : '';
        }

        function controlValues() {
          const values = {};
          for (const control of studio.declared) {
            const field = $('control-' + control.name);
            if (field && field.value.trim() !== '' && field.getAttribute('aria-invalid') !== 'true') values[control.name] = field.value.trim();
          }
          return values;
        }

        // A control the studio refused: its reason under the field, the field marked invalid, and
        // its value kept out of the address and of what is sent until it is changed.
        function markInvalid(name, message) {
          const field = $('control-' + name);
          const reason = $('reason-' + name);
          field.setAttribute('aria-invalid', 'true');
          reason.textContent = message;
          reason.hidden = false;
        }

        function clearInvalid(name) {
          const field = $('control-' + name);
          field.removeAttribute('aria-invalid');
          $('reason-' + name).hidden = true;
          $('reason-' + name).textContent = '';
        }

        function keepInAddress() {
          const query = new URLSearchParams(controlValues());
          if (studio.scheme !== 'both') query.set('scheme', studio.scheme);
          const search = query.toString();
          history.replaceState(null, '', location.pathname + (search ? '?' + search : ''));
        }

        function buildControls(declared, query) {
          const list = $('control-list');
          for (const control of declared) {
            const box = document.createElement('div');
            box.className = 'control';
            const label = document.createElement('label');
            label.htmlFor = 'control-' + control.name;
            label.textContent = control.label || control.name;
            let field;
            if (control.choices.length > 0) {
              field = document.createElement('select');
              const none = document.createElement('option');
              none.value = '';
              none.textContent = control.started ? control.started + ' (as started)' : '(as started)';
              field.append(none);
              for (const choice of control.choices) {
                const option = document.createElement('option');
                option.value = choice;
                option.textContent = choice;
                field.append(option);
              }
            } else {
              field = document.createElement('input');
              field.type = 'text';
              field.placeholder = control.started ? control.started + ' (as started)' : control.hint || control.placeholder;
              field.spellcheck = false;
              field.autocomplete = 'off';
            }
            field.id = 'control-' + control.name;
            field.name = control.name;
            field.value = query.get(control.name) || '';
            const help = document.createElement('span');
            help.className = 'help';
            help.id = 'help-' + control.name;
            help.textContent = control.help;
            const reason = document.createElement('span');
            reason.className = 'reason';
            reason.id = 'reason-' + control.name;
            reason.setAttribute('role', 'alert');
            reason.hidden = true;
            field.setAttribute('aria-describedby', reason.id + ' ' + help.id);
            field.addEventListener('change', () => { clearInvalid(control.name); send(); });
            box.append(label, field, reason, help);
            list.append(box);
          }
        }

        function showFailure(text, title) {
          const box = $('failure');
          box.hidden = !text;
          box.querySelector('h2').textContent = title || 'The script does not run';
          box.querySelector('pre').textContent = text || '';
        }

        // A view of this page's controls: shown unless it is the one shown already.
        function show(view) {
          studio.latest = Math.max(studio.latest, view.latest || view.version);
          const key = JSON.stringify(view.controls || {});
          if (key === studio.key && view.version <= studio.version) return;
          studio.key = key;
          studio.version = view.version;
          studio.view = view;
          if (view.html !== undefined) {
            // The script's name and status, then the chosen kind's widget, above the controls (on
            // a narrow window) and the day of refreshes; the other families follow the day.
            const report = $('report');
            report.innerHTML = view.html;
            const head = $('report-head');
            head.textContent = '';
            const header = report.querySelector(':scope > header');
            if (header) head.append(header);
            const family = report.querySelector('#pictures .family.chosen') || report.querySelector('#family-' + (view.kind === 'live' ? 'live-activity' : view.kind));
            if (family) {
              const lead = document.createElement('section');
              lead.id = 'lead';
              lead.className = view.stale ? 'stale' : '';
              const title = document.createElement('h2');
              title.textContent = 'Your widget';
              lead.append(title, family);
              head.append(lead);
            } else {
              const pictures = report.querySelector(':scope > #pictures');
              if (pictures) head.append(pictures);
            }
          }
          showFailure(view.failure, view.failureTitle);
          document.body.dataset.version = String(view.version);
          document.body.dataset.status = view.status || '';
          document.body.dataset.stale = view.stale ? 'true' : 'false';
          document.body.dataset.complete = view.complete ? 'true' : 'false';
          studio.refreshes = view.refreshes || [];
          studio.refreshesLeftOut = view.refreshesLeftOut || 0;
          studio.outputs = view.outputs;
          const live = view.kind === 'live';
          if (live && $('push').hidden) fillPush();
          $('push').hidden = !live;
          studio.refreshPicturesProblem = view.refreshPicturesProblem;
          studio.complete = view.complete;
          showDay();
          setState(view.stale ? 'pictures stale: the script does not run now' : view.failure ? 'not drawn: see the message'
            : view.complete ? 'up to date' : 'drawing the day…', !view.stale && !view.failure);
        }

        function fillPush() {
          const outputs = studio.outputs || {};
          const request = {
            user_id: 'PUSH_ID', widget_id: 'WIDGET_ID', type: 'update',
            content_state: { data: JSON.stringify(outputs) },
            // The studio's now (--now, or the Time control), as the pictures of the page are drawn at.
            timestamp: Math.floor((studio.view && typeof studio.view.now === 'number' ? studio.view.now : Date.now()) / 1000), nonce: 'studio-' + Math.random().toString(36).slice(2, 12),
          };
          $('push-body').value = JSON.stringify(request, null, 2);
        }

        async function tryPush() {
          const answer = await fetch('/api/push', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: $('push-body').value });
          const result = await answer.json();
          const verdict = $('push-verdict');
          verdict.textContent = '';
          const line = document.createElement('p');
          const word = document.createElement('strong');
          word.className = result.verdict;
          word.textContent = result.verdict;
          line.append(word, ' ' + (result.reason ? '[' + result.reason + (result.field ? ' · ' + result.field : '') + '] ' : '') + result.message);
          verdict.append(line);
          for (const warning of result.warnings || []) {
            const item = document.createElement('p');
            item.className = 'finding warning';
            item.textContent = 'warning [' + warning.code + '] ' + warning.message;
            verdict.append(item);
          }
          if (result.picturesProblem) {
            const item = document.createElement('p');
            item.className = 'muted';
            item.textContent = result.picturesProblem;
            verdict.append(item);
          }
          const pictures = $('push-pictures');
          pictures.textContent = '';
          for (const picture of result.pictures || []) {
            pictures.append(pictureFigure(picture, 'Live Activity after this push, ' + picture.scheme, picture.scheme));
          }
          document.body.dataset.push = result.verdict;
        }

        // A picture the service sent (`scheme`, `png` in base64, `width` in points) as a figure
        // of its scheme's class, with `alt` and, when given, a caption.
        function pictureFigure(picture, alt, caption) {
          const figure = document.createElement('figure');
          figure.className = 'picture ' + picture.scheme;
          const image = document.createElement('img');
          image.src = 'data:image/png;base64,' + picture.png;
          image.width = picture.width;
          image.alt = alt;
          figure.append(image);
          if (caption) {
            const text = document.createElement('figcaption');
            text.textContent = caption;
            figure.append(text);
          }
          return figure;
        }

        function showDay() {
          const day = $('day');
          const refreshes = studio.refreshes;
          day.hidden = refreshes.length === 0;
          if (refreshes.length === 0) return;
          const scrubber = $('scrubber');
          scrubber.max = String(refreshes.length - 1);
          if (Number(scrubber.value) > refreshes.length - 1) scrubber.value = String(refreshes.length - 1);
          $('day-count').textContent = studio.refreshesLeftOut > 0
            ? 'the first ' + refreshes.length + ' of ' + (refreshes.length + studio.refreshesLeftOut) + ' granted'
            : refreshes.length + ' granted';
          const problem = $('scrub-problem');
          problem.hidden = !studio.refreshPicturesProblem;
          problem.textContent = studio.refreshPicturesProblem || '';
          scrub();
        }

        function scrub() {
          const refresh = studio.refreshes[Number($('scrubber').value)];
          if (!refresh) return;
          const parts = ['#' + (refresh.index + 1), refresh.at, refresh.trigger, refresh.charged ? 'charged' : 'free', refresh.status];
          if (refresh.budgetLeft !== null) parts.push(refresh.budgetLeft + ' left');
          parts.push(refresh.outputsChanged ? 'outputs changed' : 'outputs unchanged');
          if (refresh.error) parts.push(refresh.error);
          $('scrub-detail').textContent = parts.join(' · ');
          // The widget after this refresh, in the page's scheme (both, light or dark), or why not.
          const pictures = $('scrub-pictures');
          pictures.textContent = '';
          for (const picture of refresh.pictures || []) {
            pictures.append(pictureFigure(picture, 'The widget after refresh ' + (refresh.index + 1) + ', ' + picture.scheme));
          }
          if (!refresh.pictures || refresh.pictures.length === 0) {
            const note = document.createElement('p');
            note.className = 'muted';
            note.id = 'scrub-no-picture';
            note.textContent = refresh.status !== 'ok' ? 'No widget: this refresh ended ' + refresh.status + '.'
              : studio.complete ? 'No widget for this refresh: ' + (studio.refreshPicturesProblem || 'the studio was started without a JSON layout') + '.'
              : 'Drawing the day…';
            pictures.append(note);
          }
          const table = $('scrub-outputs');
          table.textContent = '';
          const cut = refresh.cut || {};
          for (const [name, value] of Object.entries(refresh.outputs || {})) {
            const row = table.insertRow();
            row.insertCell().textContent = name;
            const cell = row.insertCell();
            const code = document.createElement('code');
            code.textContent = JSON.stringify(value);
            cell.append(code);
            if (cut[name] !== undefined) cell.append(marker('… cut: ' + size(new TextEncoder().encode(JSON.stringify(value)).length) + ' of ' + size(cut[name]) + ' shown'));
          }
          if (!refresh.outputs || Object.keys(refresh.outputs).length === 0) table.insertRow().insertCell().textContent = 'none';
          const note = (...content) => {
            const cell = table.insertRow().insertCell();
            cell.colSpan = 2;
            cell.append(...content);
          };
          if (refresh.leftOut > 0) note(marker('… ' + refresh.leftOut + ' more outputs left out'));
          if (Object.keys(cut).length > 0 || refresh.leftOut > 0) {
            const link = document.createElement('a');
            link.href = '/api/outputs/' + refresh.index;
            link.textContent = '/api/outputs/' + refresh.index;
            note('The outputs as the studio keeps them: ', link);
          }
          const printed = refresh.console.join('\n') + (refresh.consoleLeftOut > 0 ? '\n… ' + refresh.consoleLeftOut + ' more entries left out' : '');
          $('scrub-console').textContent = printed.trim() ? printed : 'Nothing printed.';
          $('scrubber').setAttribute('aria-valuetext', parts.join(', '));
          document.body.dataset.refresh = String(refresh.index);
        }

        function marker(text) {
          const span = document.createElement('span');
          span.className = 'cut';
          span.textContent = ' ' + text;
          return span;
        }

        function size(bytes) {
          if (bytes < 1024) return bytes + ' bytes';
          return bytes < 1048576 ? (Math.round(bytes / 102.4) / 10) + ' KiB' : (Math.round(bytes / 104857.6) / 10) + ' MiB';
        }

        // Asks for the view of this page's own controls (what its address says), built or kept
        // by the studio; the answer to an earlier question is dropped once a later one is asked.
        async function send(quiet) {
          keepInAddress();
          if (!quiet) setState('running…', false);
          const asked = ++studio.asked;
          const answer = await fetch('/api/controls', {
            method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(controlValues()),
          });
          const body = await answer.json();
          if (asked !== studio.asked) return;
          const error = $('control-error');
          if (answer.ok) {
            error.hidden = true;
            error.textContent = '';
            show(body);
          } else if (body.control && $('control-' + body.control)) {
            markInvalid(body.control, body.message);
            document.body.dataset.controlError = body.control;
            const label = document.querySelector('label[for="control-' + body.control + '"]');
            await send(true);
            setState((label ? label.textContent : body.control) + ' refused: its reason is under the field', false);
          } else {
            error.hidden = false;
            error.textContent = body.message;
            document.body.dataset.controlError = body.error;
            setState('control refused: the view is as it was', false);
          }
        }

        function listen() {
          const token = ++studio.listening;
          const events = new EventSource('/events/' + studio.latest);
          const next = () => {
            events.close();
            if (token !== studio.listening) return;
            send(true).then(listen, () => setTimeout(listen, 500));
          };
          events.addEventListener('view', next);
          events.onerror = () => {
            events.close();
            if (token !== studio.listening) return;
            setState('reconnecting…', false);
            setTimeout(() => { if (token === studio.listening) next(); }, 500);
          };
        }

        async function start() {
          const query = new URLSearchParams(location.search);
          const declared = await (await fetch('/api/controls')).json();
          studio.declared = declared.controls;
          buildControls(studio.declared, query);
          const scheme = query.get('scheme');
          if (scheme === 'light' || scheme === 'dark') studio.scheme = scheme;
          for (const radio of document.querySelectorAll('input[name=scheme]')) {
            radio.checked = radio.value === studio.scheme;
            radio.addEventListener('change', () => {
              studio.scheme = radio.value;
              document.body.className = 'scheme-' + studio.scheme;
              keepInAddress();
            });
          }
          document.body.className = 'scheme-' + studio.scheme;
          $('scrubber').addEventListener('input', scrub);
          $('push-try').addEventListener('click', tryPush);
          $('push-reset').addEventListener('click', fillPush);
          $('controls').addEventListener('submit', (event) => { event.preventDefault(); send(); });
          await send();
          listen();
        }

        start();

        """#
}
