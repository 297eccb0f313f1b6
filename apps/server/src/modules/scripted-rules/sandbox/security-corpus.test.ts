// The security corpus: every file in security-corpus/ is an attack, and its first line says how
// the run must end ("// expect: <OK|COMPILE|THREW|TIMEOUT|MEMORY|LIMIT>[ refused][ real-limits]"; a
// bomb that may meet either of two limits first names both: "MEMORY|TIMEOUT").
// Each case also has to leave the host untouched (canary, files, listeners, prototypes), the next
// run clean, and the main event loop answering HTTP requests while it runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { SCRIPT_FAILURES, SCRIPT_LIMITS, type ScriptFailure } from '@tapwise/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeScriptSandbox } from './index';
import { fakeHost, runTestScript, scriptEntity } from './sandbox-factories';
import type { ScriptLimits } from './types';

const CORPUS = new URL('./security-corpus/', import.meta.url);
const ESCAPE_FILE = '/tmp/tw-sandbox-escape';
/** Lower than production where the real limits would only make the test slow. */
const TEST_LIMITS: Partial<ScriptLimits> = {
  cpuMs: 300,
  deadlineMs: 5_000,
  memoryBytes: 8 * 1024 * 1024,
};
const WATCHED_EVENTS = [
  'exit',
  'beforeExit',
  'uncaughtException',
  'unhandledRejection',
  'warning',
  'message',
];
const HOST_TRACE = /node_modules|\/work\/|node:internal|\.ts:\d/;

interface Case {
  file: string;
  source: string;
  outcome: string;
  outcomes: (ScriptFailure | 'OK')[];
  refused: boolean;
  realLimits: boolean;
}

const cases: Case[] = readdirSync(CORPUS)
  .filter((file) => file.endsWith('.js'))
  .sort()
  .map((file) => {
    const source = readFileSync(new URL(file, CORPUS), 'utf8');
    const words = /^\/\/ expect: (.*)$/m.exec(source.split('\n')[0]!)?.[1]?.split(' ') ?? [];
    const outcome = words[0] ?? '';
    const outcomes = outcome.split('|') as Case['outcomes'];
    if (!outcomes.every((one) => one === 'OK' || SCRIPT_FAILURES.includes(one)))
      throw new Error(`${file}: no expectation`);
    return {
      file,
      source,
      outcome,
      outcomes,
      refused: words.includes('refused'),
      realLimits: words.includes('real-limits'),
    };
  });

const host = fakeHost([
  scriptEntity({ id: '11' }),
  scriptEntity({ id: '12' }),
  scriptEntity({ level: 'CAMPAIGN', id: '300' }),
  scriptEntity({ level: 'SEARCH_TERM', id: '400:cheap app' }),
]);

let server: Server;
let port: number;
const agent = new Agent({ keepAlive: true });

beforeAll(async () => {
  (globalThis as Record<string, unknown>).__twCanary = 'canary';
  server = createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  // Start the pool's workers, so a case measures the run and not the threads' start.
  await Promise.all([runTestScript('tw.log(1);'), runTestScript('tw.log(2);')]);
});

afterAll(async () => {
  await closeScriptSandbox();
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
  delete (globalThis as Record<string, unknown>).__twCanary;
});

function ping(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - started));
    })
      .on('error', reject)
      .end();
  });
}

/** Latencies of tiny HTTP requests made one after another for as long as `work` runs (at least 20). */
async function latenciesDuring<T>(work: Promise<T>): Promise<{ result: T; latencies: number[] }> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done || latencies.length < 20) {
    latencies.push(await ping());
    await delay(5);
  }
  return { result: await finished, latencies };
}

const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

const listenerCounts = () => WATCHED_EVENTS.map((event) => process.listenerCount(event));

describe('security corpus', () => {
  it('covers the attacks the sandbox is held to', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('$file ends $outcome with no escape', async (attack) => {
    const listenersBefore = listenerCounts();
    const limits = attack.realLimits ? {} : TEST_LIMITS;
    const { result, latencies } = await latenciesDuring(
      runTestScript(attack.source, host, { limits }),
    );
    const effective = { ...SCRIPT_LIMITS, ...limits };

    expect(attack.outcomes, result.message ?? '').toContain(result.failure ?? 'OK');
    expect(result.ok).toBe(attack.outcomes.includes('OK'));
    if (attack.refused) {
      expect(result.proposals).toEqual([]);
      expect(
        result.logs.some((line) => /^Refused: \w+ \S+ was not read by this run\.$/.test(line.text)),
      ).toBe(true);
    }

    // No escape: the script saw nothing of the host, and the host is as it was.
    const texts = [result.message ?? '', ...result.logs.map((line) => line.text)];
    expect(texts.filter((text) => text.includes('ESCAPE'))).toEqual([]);
    expect(texts.filter((text) => HOST_TRACE.test(text))).toEqual([]);
    expect((globalThis as Record<string, unknown>).__twCanary).toBe('canary');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(existsSync(ESCAPE_FILE)).toBe(false);
    expect(listenerCounts()).toEqual(listenersBefore);

    // The log stays within its caps (the cut notice and the failure line come on top).
    expect(result.logs.length).toBeLessThanOrEqual(effective.logLines + 2);
    for (const line of result.logs)
      expect(line.text.length).toBeLessThanOrEqual(effective.logLineChars);

    // The next run starts from a clean runtime.
    const next = await runTestScript(
      `if ({}.polluted !== undefined || [].polluted !== undefined || 'toJSON' in {} || typeof globalThis.__twCanary !== 'undefined' || JSON.parse('1') !== 1) tw.log('ESCAPE leaked');`,
    );
    expect(next).toMatchObject({ ok: true, logs: [] });

    // The server's event loop answered all along.
    expect(p99(latencies)).toBeLessThan(100);
  });
});
