// Starts the rulecraft language server (`rulecraft lsp`, over standard input and output) for
// .rules files. The setting `rulecraft.server.command` names another command, e.g. the
// rulecraft of a project's virtual environment.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("rulecraft").get("server.command", ["rulecraft", "lsp"]);
  client = new LanguageClient(
    "rulecraft",
    "rulecraft",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "rulecraft" }] },
  );
  context.subscriptions.push({ dispose: () => client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
