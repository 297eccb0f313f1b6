// The embedded database's own thread (see pglite-thread.ts). Plain JavaScript so that it starts
// the same under tsx, the test runner and a built server, whichever loader the parent uses.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Open transactions by id: each waits, inside PGlite's transaction, for its `end` message. */
const transactions = new Map();
let nextTransaction = 1;

/** Error fields PostgreSQL reports (code, detail, constraint…): a cloned Error keeps none. */
function wireError(error) {
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {}))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return { name: error?.name, message: error?.message ?? String(error), fields };
}

/** The caller's parsers were identities for these types: keep their values as text here too. */
function queryOptions(options) {
  if (!options) return undefined;
  const { textTypes, blob, ...rest } = options;
  return {
    ...rest,
    ...(blob ? { blob: new Blob([blob]) } : {}),
    ...(textTypes
      ? { parsers: Object.fromEntries(textTypes.map((type) => [type, (value) => value])) }
      : {}),
  };
}

async function main() {
  // The modules come compiled from the parent (pglite-wasm.ts); no dataDir: in memory.
  const { dataDir, pgliteWasmModule, initdbWasmModule } = workerData;
  const client = new PGlite({ dataDir, pgliteWasmModule, initdbWasmModule });
  await client.waitReady;
  const on = (message) => (message.tx ? transactions.get(message.tx).tx : client);

  const handlers = {
    query: (m) => on(m).query(m.sql, m.params, queryOptions(m.options)),
    exec: (m) => on(m).exec(m.sql),
    begin: () =>
      new Promise((opened, failed) => {
        const id = nextTransaction++;
        const done = client.transaction(
          (tx) =>
            new Promise((commit, rollBack) => {
              transactions.set(id, { tx, commit, rollBack, done });
              opened(id);
            }),
        );
        done.catch(failed).finally(() => transactions.delete(id));
      }),
    end: async ({ tx, commit }) => {
      const open = transactions.get(tx);
      if (commit) open.commit();
      else open.rollBack(new Error('rolled back'));
      await open.done.catch((error) => {
        if (commit) throw error;
      });
    },
    close: () => client.close(),
  };

  parentPort.on('message', async (message) => {
    try {
      const result = await handlers[message.op](message);
      const transfer = result?.blob ? [await result.blob.arrayBuffer()] : [];
      parentPort.postMessage(
        { id: message.id, result: transfer.length ? { ...result, blob: transfer[0] } : result },
        transfer,
      );
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: wireError(error) });
    }
  });
  parentPort.postMessage({ ready: true });
}

main().catch((error) => parentPort.postMessage({ ready: false, error: wireError(error) }));
