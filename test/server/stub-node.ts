/// A node with the stub Pact service on a real socket, for the process tests:
/// `node test/server/stub-node.ts CONFIG`. Prints the node's first line, runs until a signal.
import { openSqlite } from '../../src/db/sqlite.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, stopOnSignals } from '../../src/server/server.ts';
import { StubService } from './stub.ts';

const file = process.argv[2];
if (file !== undefined) {
  const running = await startServer(loadConfig(file), { open: openSqlite, createService: (conn) => new StubService(conn) });
  stopOnSignals(running);
  process.exitCode = await running.stopped;
}
