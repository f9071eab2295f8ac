// @ts-check
// The Pact extension: starts `pact --lsp` (the setting `pact.path` names the executable) for
// `.pact` and `.repl` files; everything else comes from the language server.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  const config = vscode.workspace.getConfiguration('pact');
  /** @type {import('vscode-languageclient/node').ServerOptions} */
  const server = { command: config.get('path', 'pact'), args: ['--lsp'] };
  /** @type {import('vscode-languageclient/node').LanguageClientOptions} */
  const options = {
    documentSelector: [{ scheme: 'file', language: 'pact' }],
    initializationOptions: { scriptTimeout: config.get('scriptTimeout', 10000) },
  };
  client = new LanguageClient('pact', 'Pact', server, options);
  context.subscriptions.push(client);
  await client.start();
}

/** @returns {Promise<void> | undefined} */
function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
