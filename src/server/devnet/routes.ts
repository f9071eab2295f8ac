/// The HTTP API of a devnet, in chainweb's paths and JSON shapes: the Pact API of each chain
/// (`/chainweb/0.0/<networkId>/chain/<c>/pact/api/v1/{send,poll,listen,local}`, `…/pact/spv`),
/// the cut, blocks, headers, hashes and payloads of each chain, the mempool, peers, the node's
/// `/info` and `/config`, and the stream of new headers. A wrong network id or chain is answered
/// 404, as chainweb's router does; what a single local node has no meaning for is refused with
/// chainweb's status.
import type { H3, H3Event } from 'h3';
import { verifyHash } from '../../api/verify.ts';
import { PACT_VERSION } from '../../lang/version.ts';
import { asArray, asObject, asText, required } from '../../values/aeson.ts';
import { userSigJson } from '../../api/command.ts';
import { encodeJson, JsonNumber, JsonObject } from '../../values/json.ts';
import { hashText } from '../../values/hash.ts';
import type { Json } from '../../values/json.ts';
import { apiHandlers, localReply, readLocal, route } from '../app.ts';
import type { Handler } from '../app.ts';
import { badRequest, decoded, jsonReply, readJsonBody, reply } from '../http.ts';
import type { BodyLimits } from '../http.ts';
import type { PactNode } from '../node.ts';
import { commandsOf, pollOf, submitBatchOf } from '../requests.ts';
import type { BlockHeader } from './blocks.ts';
import { insertError, preflightErrors } from './validate.ts';
import type { DevnetView } from './view.ts';

/// The edge's limits, as the plain node's.
export interface DevnetLimits extends BodyLimits {
  readonly maxCommandsPerSend: number;
}

const BASE = '/chainweb/0.0/:networkId';
const CHAIN = `${BASE}/chain/:chainId`;

/// Registers the devnet's routes on `app`.
export function devnetRoutes(app: H3, node: PactNode, devnet: DevnetView, limits: DevnetLimits): void {
  const onChain = (handler: (event: H3Event, chain: string) => Response | Promise<Response>): Handler => (event) => {
    const p = event.context.params ?? {};
    if (p.networkId !== devnet.config.networkId) return reply(404);
    const chain = p.chainId ?? '';
    if (!devnet.hasChain(chain)) return reply(404);
    // Without a prebuilt genesis the executor makes the genesis blocks as the node starts.
    return devnet.ready().then(() => handler(event, chain));
  };
  const onNetwork = (handler: (event: H3Event) => Response | Promise<Response>): Handler => (event) =>
    (event.context.params?.networkId === devnet.config.networkId ? devnet.ready().then(() => handler(event)) : reply(404));

  const pact = pactHandlers(node, devnet, limits);
  for (const [name, post] of Object.entries(pact)) route(app, `${CHAIN}/pact/api/v1/${name}`, { POST: onChain(post) });
  route(app, `${CHAIN}/pact/api/v1/listen`, { POST: onChain(apiHandlers(node, limits).listen!) });
  route(app, `${CHAIN}/pact/spv`, { POST: onChain(spvHandler(devnet, limits)) });
  route(app, `${BASE}/cut`, { GET: onNetwork(() => jsonReply(cutJson(devnet))), PUT: onNetwork(() => reply(405)) });
  route(app, `${BASE}/cut/peer`, { GET: onNetwork(() => jsonReply(emptyPage())) });
  route(app, `${CHAIN}/mempool/peer`, { GET: onChain(() => jsonReply(emptyPage())) });
  route(app, `${CHAIN}/block`, { GET: onChain((event, chain) => jsonReply(blockPage(devnet, chain, event.url.searchParams))) });
  route(app, `${CHAIN}/header`, { GET: onChain((event, chain) => jsonReply(headerPage(devnet, chain, event.url.searchParams, event.req.headers.get('accept')))) });
  route(app, `${CHAIN}/header/:hash`, { GET: onChain((event, chain) => oneHeader(devnet, chain, event)) });
  route(app, `${CHAIN}/hash`, { GET: onChain((event, chain) => jsonReply(hashPage(devnet, chain, event.url.searchParams))) });
  route(app, `${CHAIN}/payload/:payloadHash`, { GET: onChain((event, chain) => onePayload(devnet, chain, event, false)) });
  route(app, `${CHAIN}/payload/:payloadHash/outputs`, { GET: onChain((event, chain) => onePayload(devnet, chain, event, true)) });
  route(app, `${CHAIN}/payload/batch`, { POST: onChain((event, chain) => payloadBatch(devnet, chain, event, limits, false)) });
  route(app, `${CHAIN}/payload/outputs/batch`, { POST: onChain((event, chain) => payloadBatch(devnet, chain, event, limits, true)) });
  route(app, `${CHAIN}/mempool/getPending`, { POST: onChain((_event, chain) => jsonReply(pendingJson(node, chain))) });
  route(app, `${CHAIN}/mempool/member`, { POST: onChain((event, chain) => mempoolQuery(node, chain, event, limits, 'member')) });
  route(app, `${CHAIN}/mempool/lookup`, { POST: onChain((event, chain) => mempoolQuery(node, chain, event, limits, 'lookup')) });
  route(app, `${BASE}/header/updates`, { GET: onNetwork((event) => headerUpdates(node, devnet, event)) });
  route(app, '/info', { GET: () => jsonReply(infoJson(devnet)) });
  route(app, '/config', { GET: () => jsonReply(configJson(devnet)) });
}

function pactHandlers(node: PactNode, devnet: DevnetView, limits: DevnetLimits): Record<string, (event: H3Event, chain: string) => Promise<Response>> {
  return {
    send: async (event, chain) => {
      const body = await readJsonBody(event, limits);
      if (body instanceof Response) return body;
      const cmds = decoded(() => submitBatchOf(body));
      if (cmds instanceof Response) return cmds;
      if (cmds.length > limits.maxCommandsPerSend) return reply(413, `Too many commands in one /send: ${cmds.length}; the limit is ${limits.maxCommandsPerSend} (maxCommandsPerSend)`);
      const commands = decoded(() => commandsOf(cmds));
      if (commands instanceof Response) return commands;
      const errors: string[] = [];
      for (const [i, c] of commands.entries()) {
        // What the command alone tells is checked here; its chain's state, where commands run.
        const err = insertError(devnet.config, chain, c)
          ?? (await node.local(c, { mempoolCheck: true, verifySignatures: false })).summary;
        if (err !== 'success') errors.push(`Transaction "${encodeKey(c.hash)}" at index ${i} failed with: ${err}`);
      }
      if (errors.length > 0) return badRequest(`One or more transactions were invalid: ${errors.join(', ')}`);
      return jsonReply(encodeJson(new JsonObject([['requestKeys', await node.send(commands)]])));
    },
    poll: async (event, chain) => {
      const body = await readJsonBody(event, limits);
      if (body instanceof Response) return body;
      const keys = decoded(() => pollOf(body));
      if (keys instanceof Response) return keys;
      const here = keys.filter((k) => devnet.blocks.lookup(k)?.chainId === chain);
      return jsonReply(here.length === 0 ? '{}' : node.poll(here));
    },
    local: async (event, chain) => {
      const req = await readLocal(event, limits);
      if (req instanceof Response) return req;
      const { command, flags } = req;
      if (verifyHash(command.hash, command.cmd) !== undefined) return badRequest('Validation failed: Command failed validation: The hash of the payload was invalid.');
      if (flags.preflight) {
        const errors = preflightErrors(devnet.config, chain, command, flags.signatureVerification);
        if (errors.length > 0) return badRequest(`Metadata validation failed: ${JSON.stringify(errors)}`);
      }
      const result = await node.local(command, { verifySignatures: flags.signatureVerification, preflight: flags.preflight });
      return localReply(result.json, flags.preflight);
    },
  };
}

/// `POST …/pact/spv` `{"requestKey", "targetChainId"}`: the proof as a JSON string.
function spvHandler(devnet: DevnetView, limits: BodyLimits): (event: H3Event, chain: string) => Promise<Response> {
  return async (event, chain) => {
    const body = await readJsonBody(event, limits);
    if (body instanceof Response) return body;
    const req = decoded(() => {
      const o = asObject(body, [], 'SpvRequest');
      return { requestKey: asText(required(o, 'requestKey', []), ['requestKey']), target: asText(required(o, 'targetChainId', []), ['targetChainId']) };
    });
    if (req instanceof Response) return req;
    const p = devnet.spv.proof(chain, req.requestKey, req.target);
    return 'error' in p ? badRequest(p.error) : jsonReply(JSON.stringify(p.proof));
  };
}

function encodeKey(hash: Uint8Array): string {
  return Buffer.from(hash).toString('base64url');
}

// ---------------------------------------------------------------------------------------------
// Cut, blocks, headers, payloads

/// The cut: every chain's newest block; its height is the sum of theirs.
function cutJson(devnet: DevnetView): string {
  const tips = [...devnet.blocks.tips().values()].sort((a, b) => Number(a.chainId) - Number(b.chainId));
  const height = tips.reduce((n, t) => n + t.height, 0);
  const hashes = tips.map((t): [string, Json] => [t.chainId, new JsonObject([['height', int(t.height)], ['hash', t.hash]])]);
  return encodeJson(new JsonObject([
    ['hashes', new JsonObject(hashes)], ['origin', null], ['weight', weight(height)],
    ['height', int(height)], ['instance', devnet.config.networkId], ['id', hashText(tips.map((t) => t.hash).join(''))],
  ]));
}

/// A block header as chainweb writes it in JSON (`blockheader-encoding=object`).
export function headerJson(devnet: DevnetView, h: BlockHeader): JsonObject {
  return new JsonObject([
    ['nonce', '0'], ['creationTime', new JsonNumber(h.creationTime, 0)], ['parent', h.parent],
    ['adjacents', new JsonObject(h.adjacents.map(([c, a]) => [c, a]))], ['target', MAX_TARGET],
    ['payloadHash', h.payloadHash], ['chainId', int(Number(h.chainId))], ['weight', weight(h.height)],
    ['height', int(h.height)], ['chainwebVersion', devnet.config.networkId], ['epochStart', new JsonNumber(h.creationTime, 0)],
    ['featureFlags', int(0)], ['hash', h.hash],
  ]);
}

/// A payload with its outputs (or, without them, its transactions only).
function payloadJson(devnet: DevnetView, h: BlockHeader, outputs: boolean): JsonObject {
  const txs = devnet.blocks.payload(h);
  const entries: Array<[string, Json]> = [
    ['transactions', txs.map((t) => (outputs ? [t.tx, t.output] : t.tx))],
    ['minerData', minerData(devnet)],
    ['transactionsHash', h.payloadHash], ['outputsHash', h.payloadHash], ['payloadHash', h.payloadHash],
  ];
  if (outputs) entries.push(['coinbase', NO_COINBASE]);
  return new JsonObject(entries);
}

const MAX_TARGET = Buffer.alloc(32, 0xff).toString('base64url');
/// The coinbase output of a block: a devnet pays no mining reward.
const NO_COINBASE = Buffer.from('{"gas":0,"result":{"status":"success","data":"NO_COINBASE"},"reqKey":"DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g","logs":null,"metaData":null,"continuation":null,"txId":null}').toString('base64url');

function minerData(devnet: DevnetView): string {
  const m = devnet.config.miner;
  return Buffer.from(JSON.stringify({ account: m.account, predicate: m.pred, 'public-keys': m.keys })).toString('base64url');
}

/// A block's weight: chainweb's accumulated difficulty, here its height, as 32 little-endian bytes.
function weight(n: number): string {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(n);
  return b.toString('base64url');
}

function int(n: number): JsonNumber {
  return new JsonNumber(BigInt(n), 0);
}

/// The heights a page asks for: `minheight`, `maxheight`, `limit`, `next` (`inclusive:<height>`).
function pageRange(tip: BlockHeader, q: URLSearchParams): { min: number; max: number; limit: number } {
  const num = (name: string, fallback: number): number => {
    const v = q.get(name);
    return v === null || !/^\d+$/.test(v) ? fallback : Number(v);
  };
  const next = q.get('next');
  const from = next !== null && /^inclusive:\d+$/.test(next) ? Number(next.slice('inclusive:'.length)) : num('minheight', 0);
  return { min: from, max: num('maxheight', tip.height), limit: Math.min(num('limit', 1000), 1000) };
}

function page(items: Json[], nextHeight: number | null): string {
  return encodeJson(new JsonObject([
    ['items', items], ['limit', int(items.length)], ['next', nextHeight === null ? null : `inclusive:${nextHeight}`],
  ]));
}

function headersIn(devnet: DevnetView, chain: string, q: URLSearchParams): { headers: BlockHeader[]; next: number | null } {
  const r = pageRange(devnet.tip(chain), q);
  const headers = devnet.blocks.range(chain, r.min, r.max, r.limit + 1);
  const more = headers.length > r.limit ? headers.pop()! : null;
  return { headers, next: more === null ? null : more.height };
}

function blockPage(devnet: DevnetView, chain: string, q: URLSearchParams): string {
  const { headers, next } = headersIn(devnet, chain, q);
  const items = headers.map((h) => new JsonObject([['header', headerJson(devnet, h)], ['payloadWithOutputs', payloadJson(devnet, h, true)]]));
  return page(items, next);
}

function headerPage(devnet: DevnetView, chain: string, q: URLSearchParams, accept: string | null): string {
  const { headers, next } = headersIn(devnet, chain, q);
  const asObjects = accept !== null && accept.includes('blockheader-encoding=object');
  const items = headers.map((h) => (asObjects ? headerJson(devnet, h) : encodedHeader(devnet, h)));
  return page(items, next);
}

/// A header in the compact form chainweb sends by default (base64url; ours encodes its JSON).
function encodedHeader(devnet: DevnetView, h: BlockHeader): string {
  return Buffer.from(encodeJson(headerJson(devnet, h))).toString('base64url');
}

function hashPage(devnet: DevnetView, chain: string, q: URLSearchParams): string {
  const { headers, next } = headersIn(devnet, chain, q);
  return page(headers.map((h) => h.hash), next);
}

function oneHeader(devnet: DevnetView, chain: string, event: H3Event): Response {
  const h = devnet.blocks.byHash(event.context.params?.hash ?? '');
  if (h === undefined || h.chainId !== chain) return reply(404);
  const accept = event.req.headers.get('accept');
  return jsonReply(accept !== null && accept.includes('blockheader-encoding=object')
    ? encodeJson(headerJson(devnet, h)) : JSON.stringify(encodedHeader(devnet, h)));
}

function onePayload(devnet: DevnetView, chain: string, event: H3Event, outputs: boolean): Response {
  const h = devnet.blocks.byPayloadHash(chain, event.context.params?.payloadHash ?? '');
  return h === undefined ? reply(404) : jsonReply(encodeJson(payloadJson(devnet, h, outputs)));
}

function emptyPage(): string {
  return '{"items":[],"limit":0,"next":null}';
}

// ---------------------------------------------------------------------------------------------
// The node

/// chainweb's `/info`: the network, its chains and graph, in chainweb's field order.
function infoJson(devnet: DevnetView): string {
  const { graph, networkId } = devnet.config;
  const adjacency = graph.chains.map((c) => [int(Number(c)), graph.adjacent.get(c)!.map((a) => int(Number(a)))]);
  return encodeJson(new JsonObject([
    ['nodeVersion', networkId], ['nodePackageVersion', PACT_VERSION], ['nodeApiVersion', '0.0'],
    ['nodeChains', [...graph.chains]], ['nodeNumberOfChains', int(graph.chains.length)],
    ['nodeGraphHistory', [[int(0), adjacency]]], ['nodeLatestBehaviorHeight', int(0)],
    ['nodeGenesisHeights', graph.chains.map((c) => [c, int(0)])], ['nodeHistoricalChains', [[int(0), adjacency]]],
    ['nodeServiceDate', null], ['nodeBlockDelay', int(30000000)],
  ]));
}

// ---------------------------------------------------------------------------------------------
// Payload batches, the mempool, the header stream

/// `POST …/payload[/outputs]/batch` `[payloadHash, ...]`: the payloads found, in order.
async function payloadBatch(devnet: DevnetView, chain: string, event: H3Event, limits: BodyLimits, outputs: boolean): Promise<Response> {
  const body = await readJsonBody(event, limits);
  if (body instanceof Response) return body;
  const wanted = decoded(() => asArray(body, [], '[]').map((h, i) => asText(h, [i])));
  if (wanted instanceof Response) return wanted;
  const found = wanted.flatMap((w) => devnet.blocks.byPayloadHash(chain, w) ?? []);
  return jsonReply(encodeJson(found.map((h) => payloadJson(devnet, h, outputs))));
}

/// The chain's commands accepted but not run yet (a devnet runs them at once, so seldom any).
function pendingOn(node: PactNode, chain: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of node.inbox.pending()) {
    if (readChainId(p.command.cmd) === chain) out.set(p.reqKey, encodeJson(new JsonObject([['hash', p.reqKey], ['sigs', p.command.sigs.map(userSigJson)], ['cmd', p.command.cmd]])));
  }
  return out;
}

function readChainId(cmd: string): string | undefined {
  try {
    return (JSON.parse(cmd) as { meta?: { chainId?: string } }).meta?.chainId;
  } catch {
    return undefined;
  }
}

/// `POST …/mempool/getPending`: chainweb's pending hashes and high-water mark.
function pendingJson(node: PactNode, chain: string): string {
  return encodeJson(new JsonObject([['hashes', [...pendingOn(node, chain).keys()]], ['highwaterMark', [int(0), int(0)]]]));
}

/// `POST …/mempool/member` and `…/lookup` `[hash, ...]`.
async function mempoolQuery(node: PactNode, chain: string, event: H3Event, limits: BodyLimits, what: 'member' | 'lookup'): Promise<Response> {
  const body = await readJsonBody(event, limits);
  if (body instanceof Response) return body;
  const hashes = decoded(() => asArray(body, [], '[]').map((h, i) => asText(h, [i])));
  if (hashes instanceof Response) return hashes;
  const pending = pendingOn(node, chain);
  if (what === 'member') return jsonReply(encodeJson(hashes.map((h) => pending.has(h))));
  return jsonReply(encodeJson(hashes.map((h) => {
    const tx = pending.get(h);
    return tx === undefined ? new JsonObject([['tag', 'Missing']]) : new JsonObject([['tag', 'Pending'], ['contents', tx]]);
  })));
}

/// `GET …/header/updates`: server-sent events, one `BlockHeader` event per new block, found in
/// the block store as each batch of commands is done.
function headerUpdates(node: PactNode, devnet: DevnetView, event: H3Event): Response {
  const encoder = new TextEncoder();
  const signal = event.req.signal;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let seen = devnet.blocks.tips();
      while (!signal.aborted) {
        await node.nextResults(25_000, signal);
        const now = devnet.blocks.tips();
        for (const [chain, tip] of now) {
          const from = (seen.get(chain)?.height ?? -1) + 1;
          for (const h of devnet.blocks.range(chain, from, tip.height, 1000)) {
            const data = encodeJson(new JsonObject([
              ['txCount', int(devnet.blocks.payload(h).length)], ['powHash', h.hash], ['header', headerJson(devnet, h)], ['target', MAX_TARGET],
            ]));
            controller.enqueue(encoder.encode(`event:BlockHeader\ndata:${data}\n\n`));
          }
        }
        seen = now;
      }
      controller.close();
    },
  });
  return new Response(stream, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
}

/// `GET /config`: the node's configuration, as far as a devnet has one.
function configJson(devnet: DevnetView): string {
  const { networkId, miner, blockGasLimit, minGasPrice } = devnet.config;
  return encodeJson(new JsonObject([
    ['chainwebVersion', networkId],
    ['mining', new JsonObject([['coordination', new JsonObject([['enabled', false], ['miners', [new JsonObject([['account', miner.account], ['predicate', miner.pred], ['public-keys', [...miner.keys]]])]]])]])],
    ['p2p', new JsonObject([['peers', []]])],
    ['transactionIndex', new JsonObject([['enabled', true]])],
    ['blockGasLimit', new JsonNumber(blockGasLimit, 0)],
    ['minGasPrice', new JsonNumber(minGasPrice.mantissa, -minGasPrice.scale)],
    ['backup', new JsonObject([['api', new JsonObject([['enabled', false]])]])],
  ]));
}
