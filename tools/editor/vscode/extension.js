// curtain patterns for VS Code: starts `curtain lsp` (the language server of
// curtain's pattern files, src/lsp/) for .pat files, and for BulletML files
// unless curtain.bulletml is off. A BulletML file is found by its content (its
// first element is <bulletml>: bulletml.js), not by its name, and given the
// language `bulletml` (XML's colours): a pom.xml stays XML and never reaches
// the server. Highlighting is the TextMate grammar in syntaxes/, declared in
// package.json. Bundled into dist/extension.js with vscode-languageclient
// (package.json's `bundle` script).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");
const { isBulletML } = require("./bulletml");

let client;

// An XML document that is BulletML becomes a `bulletml` one.
function claim(doc) {
    if (doc.languageId === "xml" && isBulletML(doc.getText()))
        vscode.languages.setTextDocumentLanguage(doc, "bulletml");
}

function activate(context) {
    const config = vscode.workspace.getConfiguration("curtain");
    const command = config.get("path", "curtain");
    const selector = [{ scheme: "file", language: "curtain-pattern" }];
    if (config.get("bulletml", true)) {
        selector.push({ scheme: "file", language: "bulletml" });
        vscode.workspace.textDocuments.forEach(claim);
        context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(claim));
    }
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
