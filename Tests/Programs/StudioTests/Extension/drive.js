'use strict';
// Runs the app's Omni Widgets extension (its own extension.js, unmodified) under node with the
// stand-in for `vscode` beside this file, and drives its commands against a running
// `widgethost studio` as an author would in VS Code:
//
//   node drive.js SCENARIO.json
//
// The scenario names the unpacked extension, its storage folder, how to connect (the address,
// or discovery over mDNS), the pairing codes to type in order, the studio's script on disk and
// what to do. Each step waits for what it causes (with a bound, never a fixed sleep); what the
// extension showed is printed as one JSON object on stdout for the test to check.

const fs = require('fs');
const path = require('path');
const Module = require('module');

const scenario = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const standInPath = path.join(__dirname, 'vscode.js');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? standInPath : resolve.call(this, request, ...rest);
};
const vscode = require('vscode');
const { recorded, answers, settings, documents } = vscode.standIn;
const extension = require(path.join(scenario.extension, 'out', 'extension.js'));

const report = { steps: [], failures: [] };
const bound = scenario.timeoutMs || 15000;

async function until(what, condition) {
  const deadline = Date.now() + bound;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  report.failures.push('timed out waiting for ' + what);
  return false;
}

function sections(html) {
  const unescape = (text) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"')
    .replace(/&#039;/g, "'").replace(/&amp;/g, '&');
  const result = {};
  const pattern = /<h2>([^<]*)<\/h2>\s*<pre>([\s\S]*?)<\/pre>/g;
  let match;
  while ((match = pattern.exec(html)) !== null) result[unescape(match[1])] = unescape(match[2]);
  const title = /<h1>([\s\S]*?)<\/h1>/.exec(html);
  result.title = title ? unescape(title[1]) : null;
  return result;
}

function lastPanel() {
  const panel = recorded.panels[recorded.panels.length - 1];
  return panel ? { panelTitle: panel.title, ...sections(panel.webview.html) } : null;
}

async function connect() {
  const errorsBefore = recorded.errors.length;
  if (scenario.connect === 'discover') {
    settings.discoveryTimeoutMs = scenario.discoveryTimeoutMs || 3000;
    answers.inputBox.push(...scenario.codes);
    await vscode.commands.executeCommand('omniWidgets.connectActiveEditor');
  } else {
    answers.inputBox.push(scenario.endpoint, scenario.codes[0]);
    await vscode.commands.executeCommand('omniWidgets.connectManual');
  }
  return recorded.errors.slice(errorsBefore);
}

async function main() {
  const context = {
    subscriptions: [],
    globalStorageUri: vscode.Uri.file(scenario.storage),
    globalState: (() => {
      const values = new Map();
      return { get: (key) => values.get(key), update: async (key, value) => { values.set(key, value); }, keys: () => [...values.keys()] };
    })(),
    secrets: (() => {
      const values = new Map();
      return { get: async (key) => values.get(key), store: async (key, value) => { values.set(key, value); }, delete: async (key) => { values.delete(key); } };
    })(),
  };
  await extension.activate(context);
  try {
    await steps(context);
  } finally {
    for (const item of context.subscriptions) item.dispose();
    extension.deactivate();
  }
}

async function steps(context) {
  // A wrong code first, when the scenario has one: refused, with the studio's reason.
  if (scenario.wrongCode) {
    answers.inputBox.push(scenario.endpoint, scenario.wrongCode);
    const before = recorded.errors.length;
    await vscode.commands.executeCommand('omniWidgets.connectManual');
    report.steps.push({ step: 'wrong code', errors: recorded.errors.slice(before), opened: documents.length });
  }

  // Pairing, then the script opened as a local file.
  const errors = await connect();
  const document = vscode.window.activeTextEditor && vscode.window.activeTextEditor.document;
  report.steps.push({
    step: 'pair and open', errors, info: recorded.info.slice(),
    // Where the extension sends its requests from now on: the origin the pairing answered.
    endpoint: context.globalState.get('omniWidgets.codeSync.endpoint') || null,
    prompts: recorded.prompts.slice(),
    opened: document ? { file: path.basename(document.uri.fsPath), folder: path.dirname(document.uri.fsPath), text: document.getText() } : null,
  });
  if (!document) return;
  const original = fs.readFileSync(scenario.script, 'utf8');

  // Run: Variables, Structured Data, Data JSON and Logs in the panel.
  let panels = recorded.panels.length;
  await vscode.commands.executeCommand('omniWidgets.runCurrentJS');
  report.steps.push({ step: 'run', errors: recorded.errors.slice(), panel: recorded.panels.length > panels ? lastPanel() : null });

  // A save in VS Code reaches the file on disk.
  const saved = original + '\n// saved in VS Code\n';
  await vscode.workspace.applyEdit(replaceAll(document, saved));
  await document.save();
  const onDisk = await until('the save to reach the file on disk', () => fs.readFileSync(scenario.script, 'utf8') === saved);
  report.steps.push({ step: 'save', reached: onDisk, disk: fs.readFileSync(scenario.script, 'utf8') });

  // An edit made on disk (another editor) reaches the open document.
  const edited = saved + '// edited on disk\n';
  fs.writeFileSync(scenario.script + '.tmp-edit', edited);
  fs.renameSync(scenario.script + '.tmp-edit', scenario.script);
  const applied = await until('the edit on disk to reach the open document', () => document.getText() === edited && !document.isDirty);
  report.steps.push({ step: 'edit on disk', reached: applied, document: document.getText(),
                      localFile: fs.readFileSync(document.uri.fsPath, 'utf8') });

  // A broken script, run: the panel explains it.
  if (scenario.broken) {
    await vscode.workspace.applyEdit(replaceAll(document, scenario.broken));
    panels = recorded.panels.length;
    const before = recorded.errors.length;
    await vscode.commands.executeCommand('omniWidgets.runCurrentJS');
    report.steps.push({ step: 'broken run', errors: recorded.errors.slice(before), panel: recorded.panels.length > panels ? lastPanel() : null,
                        disk: fs.readFileSync(scenario.script, 'utf8') });
  }
}

function replaceAll(document, text) {
  const edit = new vscode.WorkspaceEdit();
  const last = document.lineAt(Math.max(0, document.lineCount - 1));
  edit.replace(document.uri, new vscode.Range(new vscode.Position(0, 0), last.range.end), text);
  return edit;
}

main().then(() => {
  report.output = recorded.output;
  process.stdout.write(JSON.stringify(report) + '\n');
  process.exit(0);
}, (error) => {
  report.failures.push('the driver failed: ' + (error && error.stack || error));
  process.stdout.write(JSON.stringify(report) + '\n');
  process.exit(1);
});
