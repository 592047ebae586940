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
        <p class="muted small">Each control is the run flag of its name; empty is as the studio was started. The address keeps them.</p>
        </form>
        <div class="content">
        <section id="day" hidden>
        <h2>A day of refreshes <span class="count" id="day-count"></span></h2>
        <label for="scrubber">Refresh</label>
        <input type="range" id="scrubber" min="0" max="0" value="0" step="1">
        <output id="scrub-detail" for="scrubber" aria-live="polite"></output>
        <div class="scrub-row">
        <figure id="scrub-picture" class="picture light" hidden><img alt="The widget after this refresh"></figure>
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
        .studio-grid{display:grid;grid-template-columns:1fr;gap:14px;padding:14px;max-width:1400px;margin:0 auto}
        @media (max-width:999px){#controls{order:2}}
        @media (min-width:1000px){.studio-grid{grid-template-columns:280px minmax(0,1fr)}#controls{position:sticky;top:14px;align-self:start;max-height:calc(100vh - 28px);overflow:auto}}
        .content{min-width:0}
        .content main{max-width:none;padding:0}
        form#controls,#day,#push{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 16px;margin:0 0 14px}
        form#controls h2{margin-top:0}
        .control{display:flex;flex-direction:column;margin:0 0 10px}
        .control label{font-weight:600;font-size:.9em}
        .control input,.control select{font:inherit;padding:5px 8px;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);min-width:0}
        .control .help{color:var(--muted);font-size:.78em;margin-top:2px}
        fieldset.scheme{border:1px solid var(--line);border-radius:6px;margin:0 0 10px;padding:6px 10px}
        fieldset.scheme label{margin-right:6px;white-space:nowrap}
        :focus-visible{outline:3px solid #2563eb;outline-offset:2px}
        .small{font-size:.8em}
        #scrubber{width:100%}
        #scrub-detail{display:block;margin-top:6px;overflow-wrap:anywhere}
        .scrub-row{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start;margin-top:8px}
        .scrub-row figure{margin:0}
        #scrub-picture img{display:block;max-width:100%;height:auto}
        .scrub-run{flex:1 1 220px;min-width:0}
        .scrub-run h3{margin:4px 0}
        #push-body{width:100%;font-family:"DejaVu Sans Mono",ui-monospace,monospace;font-size:.85em;background:var(--code);color:var(--fg);border:1px solid var(--line);border-radius:6px;padding:6px}
        button{font:inherit;padding:5px 12px;border-radius:6px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer}
        #push-verdict .accepted{color:var(--ok)}#push-verdict .refused{color:var(--bad)}
        #push-pictures{display:flex;flex-wrap:wrap;gap:8px}
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
        const studio = { version: 0, declared: [], scheme: 'both', refreshes: [], listening: 0 };
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
            if (field && field.value.trim() !== '') values[control.name] = field.value.trim();
          }
          return values;
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
            label.textContent = control.label || '--' + control.name;
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
              field.placeholder = control.started ? control.started + ' (as started)' : control.name === 'param' ? 'key=value, key=value' : control.placeholder;
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
            field.setAttribute('aria-describedby', help.id);
            field.addEventListener('change', () => send());
            box.append(label, field, help);
            list.append(box);
          }
        }

        function showFailure(text) {
          const box = $('failure');
          box.hidden = !text;
          box.querySelector('pre').textContent = text || '';
        }

        function show(view) {
          if (view.version < studio.version) return;
          studio.version = view.version;
          if (view.html !== undefined) $('report').innerHTML = view.html;
          showFailure(view.failure);
          document.body.dataset.version = String(view.version);
          document.body.dataset.status = view.status || '';
          document.body.dataset.stale = view.stale ? 'true' : 'false';
          document.body.dataset.complete = view.complete ? 'true' : 'false';
          studio.refreshes = view.refreshes || [];
          studio.outputs = view.outputs;
          const live = view.kind === 'live';
          if (live && $('push').hidden) fillPush();
          $('push').hidden = !live;
          studio.refreshPicturesProblem = view.refreshPicturesProblem;
          showDay();
          const day = view.dayMs !== null && view.dayMs !== undefined ? ' · the day in ' + view.dayMs + ' ms' : (view.complete ? '' : ' · drawing the day…');
          setState('version ' + view.version + ' · built in ' + view.buildMs + ' ms' + day + (view.stale ? ' · pictures stale' : ''), !view.stale && !view.failure);
        }

        function fillPush() {
          const outputs = studio.outputs || {};
          const request = {
            user_id: 'PUSH_ID', widget_id: 'WIDGET_ID', type: 'update',
            content_state: { data: JSON.stringify(outputs) },
            timestamp: Math.floor(Date.now() / 1000), nonce: 'studio-' + Math.random().toString(36).slice(2, 12),
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
            const figure = document.createElement('figure');
            figure.className = 'picture ' + picture.scheme;
            const image = document.createElement('img');
            image.src = 'data:image/png;base64,' + picture.png;
            image.width = picture.width;
            image.alt = 'Live Activity after this push, ' + picture.scheme;
            const caption = document.createElement('figcaption');
            caption.textContent = picture.scheme;
            figure.append(image, caption);
            pictures.append(figure);
          }
          document.body.dataset.push = result.verdict;
        }

        function showDay() {
          const day = $('day');
          const refreshes = studio.refreshes;
          day.hidden = refreshes.length === 0;
          if (refreshes.length === 0) return;
          const scrubber = $('scrubber');
          scrubber.max = String(refreshes.length - 1);
          if (Number(scrubber.value) > refreshes.length - 1) scrubber.value = String(refreshes.length - 1);
          $('day-count').textContent = refreshes.length + ' granted';
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
          const figure = $('scrub-picture');
          figure.hidden = !refresh.picture;
          if (refresh.picture) {
            const image = figure.querySelector('img');
            image.src = 'data:image/png;base64,' + refresh.picture.png;
            image.width = refresh.picture.width;
          }
          const table = $('scrub-outputs');
          table.textContent = '';
          for (const [name, value] of Object.entries(refresh.outputs || {})) {
            const row = table.insertRow();
            row.insertCell().textContent = name;
            const cell = row.insertCell();
            const code = document.createElement('code');
            code.textContent = JSON.stringify(value);
            cell.append(code);
          }
          if (!refresh.outputs || Object.keys(refresh.outputs).length === 0) table.insertRow().insertCell().textContent = 'none';
          $('scrub-console').textContent = refresh.console.length ? refresh.console.join('\n') : 'Nothing printed.';
          $('scrubber').setAttribute('aria-valuetext', parts.join(', '));
          document.body.dataset.refresh = String(refresh.index);
        }

        async function load() {
          const answer = await fetch('/api/view', { cache: 'no-store' });
          show(await answer.json());
        }

        async function send() {
          keepInAddress();
          setState('running…', false);
          const answer = await fetch('/api/controls', {
            method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(controlValues()),
          });
          const body = await answer.json();
          const error = $('control-error');
          if (answer.ok) {
            error.hidden = true;
            error.textContent = '';
            show(body);
          } else {
            error.hidden = false;
            error.textContent = body.message;
            document.body.dataset.controlError = body.error;
            setState('control refused: the view is as it was', false);
          }
        }

        function listen() {
          const token = ++studio.listening;
          const events = new EventSource('/events/' + studio.version);
          const next = () => {
            events.close();
            if (token !== studio.listening) return;
            load().then(listen, () => setTimeout(listen, 500));
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
          if (Object.keys(controlValues()).length > 0) await send(); else await load();
          listen();
        }

        start();

        """#
}
