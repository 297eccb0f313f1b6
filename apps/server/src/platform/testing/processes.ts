// Tapwise processes started as an operator starts them (tests and the fault run): their JSON log
// lines collected, waited on, and stopped by signal, each in its own process group so that
// `npm run …` and what it starts go together.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..');

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export interface RunningProcess {
  name: string;
  child: ChildProcess;
  logs: LogLine[];
  /** Everything written that was not a JSON line (npm's banner, stack traces). */
  text: string[];
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** Sends the signal to the whole group and answers the exit code (null when signalled). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
  exited: Promise<number | null>;
  /** How it ended and its last words, for an assertion's message. */
  describeExit(): string;
}

/** Splits `A=1 B=2 npm run serve -w apps/server` into its environment and its command. */
export function parseCommandLine(line: string): { env: Record<string, string>; argv: string[] } {
  const words = line.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  return { env, argv: words };
}

export function startProcess(
  name: string,
  argv: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): RunningProcess {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const text: string[] = [];
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer, buffer: { rest: string }) => {
    const lines = (buffer.rest + chunk.toString('utf8')).split('\n');
    buffer.rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        text.push(line);
      }
    }
    for (const wake of waiters) wake();
  };
  const out = { rest: '' };
  const err = { rest: '' };
  child.stdout!.on('data', (chunk: Buffer) => collect(chunk, out));
  child.stderr!.on('data', (chunk: Buffer) => collect(chunk, err));
  let exitSignal: NodeJS.Signals | null = null;
  let killedAfterTimeout = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      exitSignal = signal;
      resolve(code);
    }),
  );
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
    for (const wake of waiters) wake();
  });

  return {
    name,
    child,
    logs,
    text,
    exited,
    waitForLog(match, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < logs.length; seen++) {
            if (match(logs[seen]!)) {
              finish();
              return resolve(logs[seen]!);
            }
          }
          if (exitCode !== undefined) {
            finish();
            reject(new Error(`${name} exited (${exitCode}): ${text.slice(-5).join(' | ')}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${name}: no such log line within ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM', timeoutMs = 30_000) {
      if (exitCode !== undefined) return exitCode;
      try {
        process.kill(-child.pid!, signal);
      } catch {
        return exited;
      }
      const timer = setTimeout(() => {
        killedAfterTimeout = true;
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, timeoutMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    describeExit() {
      const how = killedAfterTimeout
        ? 'killed after the stop timeout'
        : `exit code ${String(exitCode)}, signal ${String(exitSignal)}`;
      const last = logs.slice(-8).map((line) => JSON.stringify(line));
      return `${name}: ${how}; last lines: ${[...last, ...text.slice(-5)].join(' | ')}`;
    },
  };
}

/** The server's own entry point through tsx, one process (no npm in between). */
export function serverEntry(entry: 'serve' | 'worker' | 'cli'): string[] {
  return [
    process.execPath,
    '--import',
    'tsx',
    path.join(REPO_ROOT, 'apps/server/src/main', `${entry}.ts`),
  ];
}

/** A port free on 127.0.0.1 now, for a process that must be told its port before it starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
