// The embedded database on a thread of its own. PGlite runs each statement synchronously on the
// thread that calls it, and statements awaited one after another never let that thread poll for
// I/O: a rule run or a backtest held /healthz and every other request for 300 ms and more. Here
// the server's thread only posts statements and receives their rows; PGlite's single connection
// still runs one statement (or one transaction) at a time, as before.
import { Worker } from 'node:worker_threads';
import { pgliteWasmModules } from './pglite-wasm';

/** PGlite's query options that cross the thread (parsers and blobs are translated). */
export interface ThreadQueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle's parsers here all keep a type's value as its text; only their types cross. */
  parsers?: Record<number, (value: string) => unknown>;
  blob?: Blob;
}

export interface ThreadResults<Row> {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
  blob?: Blob;
}

/** What drizzle and copy-rows use of a PGlite connection, or of a transaction on it. */
export interface ThreadQueries {
  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ): Promise<ThreadResults<Row>>;
  exec(sql: string): Promise<ThreadResults<Record<string, unknown>>[]>;
}

interface WireError {
  name?: string;
  message: string;
  fields: Record<string, string | number>;
}

type Reply = { id: number; result?: unknown; error?: WireError };

/** The database's error as the caller would have had it: message, code, detail, constraint… */
function errorOf(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  if (wire.name) error.name = wire.name;
  return error;
}

export class PgliteThread implements ThreadQueries {
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void }
  >();
  private nextId = 1;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      // An idle database thread does not keep the process alive; a statement in flight does.
      if (this.pending.size === 0) worker.unref();
      if (reply.error) call.reject(errorOf(reply.error));
      else call.resolve(reply.result);
    });
    const failAll = (error: Error) => {
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`The database thread stopped (exit ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir` (in memory without one). */
  static async open(dataDir: string | undefined): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, ...(await pgliteWasmModules()) },
    });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready: boolean; error?: WireError }) =>
        message.ready ? resolve() : reject(errorOf(message.error!)),
      );
      worker.once('error', reject);
    });
    worker.unref();
    return new PgliteThread(worker);
  }

  private call<Result>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []) {
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private async statement<Row>(
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: ThreadQueryOptions | undefined,
  ): Promise<ThreadResults<Row>> {
    const { parsers, blob, ...rest } = options ?? {};
    const bytes = blob ? await blob.arrayBuffer() : undefined;
    const wireOptions = {
      ...rest,
      ...(parsers ? { textTypes: Object.keys(parsers).map(Number) } : {}),
      ...(bytes ? { blob: bytes } : {}),
    };
    const results = await this.call<ThreadResults<Row> & { blob?: ArrayBuffer }>(
      { op: 'query', tx, sql, params, options: wireOptions },
      bytes ? [bytes] : [],
    );
    return results.blob
      ? { ...results, blob: new Blob([results.blob]) }
      : (results as ThreadResults<Row>);
  }

  private queriesOf(tx: number | undefined): ThreadQueries {
    return {
      query: (sql, params, options) => this.statement(tx, sql, params, options),
      exec: (sql) => this.call({ op: 'exec', tx, sql }),
    };
  }

  query<Row = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: ThreadQueryOptions,
  ) {
    return this.statement<Row>(undefined, sql, params, options);
  }

  exec(sql: string) {
    return this.queriesOf(undefined).exec(sql);
  }

  /** PGlite's transaction: committed when `run` resolves, rolled back when it throws. */
  async transaction<Result>(run: (tx: ThreadQueries) => Promise<Result>): Promise<Result> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: Result;
    try {
      result = await run(this.queriesOf(tx));
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
