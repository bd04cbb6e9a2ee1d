// curtain patterns for VS Code: starts `curtain lsp` (the language server of
// curtain's pattern files, src/lsp/) for .pat files, and for BulletML .xml
// files unless curtain.bulletml is off. Highlighting is the TextMate grammar in
// syntaxes/, declared in package.json.
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
    const config = vscode.workspace.getConfiguration("curtain");
    const command = config.get("path", "curtain");
    const selector = [{ scheme: "file", language: "curtain-pattern" }];
    if (config.get("bulletml", true))
        selector.push({ scheme: "file", pattern: "**/*.xml" });
    client = new LanguageClient(
        "curtain",
        "curtain lsp",
        { command, args: ["lsp"] },
        { documentSelector: selector }
    );
    context.subscriptions.push(client);
    return client.start();
}

function deactivate() {
    return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
