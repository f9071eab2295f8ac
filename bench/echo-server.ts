// The baseline of the server benchmark: a bare h3 app whose one route echoes the JSON body it
// receives. It prints its URL on its first line, as `pact --serve` does.
import { H3, readBody, serve } from 'h3';
import type { AddressInfo } from 'node:net';

const app = new H3();
app.post('/echo', async (event) => await readBody(event));
const server = serve(app, { port: 0, hostname: '127.0.0.1', silent: true });
await server.ready();
const port = (server.node!.server!.address() as AddressInfo).port;
process.stdout.write(`echo listening on http://127.0.0.1:${port}\n`);
process.on('SIGTERM', () => void server.close(true).then(() => process.exit(0)));
