'use strict';
// A stand-in for VS Code's `vscode` module, as much of it as the app's Omni Widgets extension
// uses, so that its own extension.js runs under node against `widgethost studio`. Documents are
// files on disk held in memory, as VS Code holds them; prompts are answered from queues the
// driver fills (drive.js); what the extension shows (messages, panels, status) is recorded.

const fs = require('fs');

const recorded = { info: [], warnings: [], errors: [], panels: [], prompts: [], output: [] };
const answers = { inputBox: [], quickPick: [], warning: [] };

class Disposable {
  constructor(dispose) { this.dispose = dispose || (() => {}); }
}

class EventEmitter {
  constructor() {
    this.listeners = [];
    this.event = (listener) => {
      this.listeners.push(listener);
      return new Disposable(() => { this.listeners = this.listeners.filter((item) => item !== listener); });
    };
  }
  fire(value) { for (const listener of [...this.listeners]) listener(value); }
}

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
}

class Range {
  constructor(start, end) { this.start = start; this.end = end; }
}

class Uri {
  constructor(fsPath) { this.fsPath = fsPath; this.scheme = 'file'; this.path = fsPath; }
  static file(path) { return new Uri(path); }
  toString() { return 'file://' + this.fsPath; }
}

class TreeItem {
  constructor(label, collapsibleState) { this.label = label; this.collapsibleState = collapsibleState; }
}

class ThemeIcon { constructor(id) { this.id = id; } }
class ThemeColor { constructor(id) { this.id = id; } }

// Text documents: the text in memory, saved to the file by `save()`, as VS Code does.
const saveEmitter = new EventEmitter();
const documents = [];

class TextDocument {
  constructor(uri) {
    this.uri = uri;
    this.fileName = uri.fsPath;
    this.text = fs.readFileSync(uri.fsPath, 'utf8');
    this.isDirty = false;
  }
  getText() { return this.text; }
  get lines() { return this.text.split('\n'); }
  get lineCount() { return this.lines.length; }
  lineAt(line) {
    const text = this.lines[line];
    return { text, range: new Range(new Position(line, 0), new Position(line, text.length)) };
  }
  offsetAt(position) {
    const lines = this.lines;
    let offset = 0;
    for (let index = 0; index < position.line && index < lines.length; index++) offset += lines[index].length + 1;
    return offset + position.character;
  }
  replace(range, text) {
    this.text = this.text.slice(0, this.offsetAt(range.start)) + text + this.text.slice(this.offsetAt(range.end));
    this.isDirty = true;
  }
  async save() {
    fs.writeFileSync(this.uri.fsPath, this.text, 'utf8');
    this.isDirty = false;
    saveEmitter.fire(this);
    return true;
  }
}

class WorkspaceEdit {
  constructor() { this.edits = []; }
  replace(uri, range, text) { this.edits.push({ uri, range, text }); }
}

function format(message, args) {
  return message.replace(/\{(\d+)\}/g, (whole, index) => (args[index] !== undefined ? String(args[index]) : whole));
}

const commands = new Map();

const window = {
  activeTextEditor: undefined,
  createOutputChannel: () => ({ appendLine: (line) => recorded.output.push(line), dispose() {} }),
  createStatusBarItem: () => ({ text: '', show() {}, hide() {}, dispose() {} }),
  showInformationMessage: async (message) => { recorded.info.push(message); return undefined; },
  showErrorMessage: async (message) => { recorded.errors.push(message); return undefined; },
  showWarningMessage: async (message, ...items) => {
    recorded.warnings.push(message);
    const answer = answers.warning.shift();
    return items.includes(answer) ? answer : undefined;
  },
  showInputBox: async (options) => {
    recorded.prompts.push(options.title || options.prompt || '');
    const answer = answers.inputBox.shift();
    if (answer === undefined) return undefined;
    // VS Code does not accept a value its validator refuses.
    if (options.validateInput && options.validateInput(answer)) return undefined;
    return answer;
  },
  showQuickPick: async (items) => {
    const wanted = answers.quickPick.shift();
    return items.find((item) => item.label === wanted) || items[0];
  },
  showTextDocument: async (document) => {
    window.activeTextEditor = { document };
    return window.activeTextEditor;
  },
  registerTreeDataProvider: () => new Disposable(),
  createWebviewPanel: (viewType, title) => {
    const panel = { viewType, title, webview: { html: '' }, dispose() {} };
    recorded.panels.push(panel);
    return panel;
  },
};

const workspace = {
  textDocuments: documents,
  openTextDocument: async (uri) => {
    let document = documents.find((item) => item.uri.fsPath === uri.fsPath);
    if (!document) {
      document = new TextDocument(uri);
      documents.push(document);
    } else if (!document.isDirty) {
      document.text = fs.readFileSync(uri.fsPath, 'utf8');
    }
    return document;
  },
  applyEdit: async (edit) => {
    for (const { uri, range, text } of edit.edits) {
      const document = documents.find((item) => item.uri.fsPath === uri.fsPath);
      if (!document) return false;
      document.replace(range, text);
    }
    return true;
  },
  onDidSaveTextDocument: saveEmitter.event,
  getConfiguration: () => ({ get: (key) => settings[key] }),
};

const settings = { discoveryTimeoutMs: 3000, autoRunOnSave: false };

module.exports = {
  version: '1.90.0-widgethost-stand-in',
  env: { language: 'en' },
  l10n: { t: (message, ...args) => format(message, args) },
  Disposable, EventEmitter, Position, Range, Uri, TreeItem, ThemeIcon, ThemeColor, WorkspaceEdit,
  TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
  StatusBarAlignment: { Left: 1, Right: 2 },
  ViewColumn: { Active: -1, Beside: -2, One: 1 },
  window,
  workspace,
  commands: {
    registerCommand: (id, handler) => {
      commands.set(id, handler);
      return new Disposable(() => commands.delete(id));
    },
    executeCommand: async (id, ...args) => {
      const handler = commands.get(id);
      if (!handler) throw new Error('no command ' + id);
      return handler(...args);
    },
  },
  // The stand-in's own: what the extension showed, the prompts' answers, the settings.
  standIn: { recorded, answers, settings, documents },
};
