import { SCRIPT_FAILURE_MESSAGES } from '@tapwise/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { closeScriptSandbox, compileScript, listImports } from './index';
import { fakeHost, runTestScript, scriptEntity } from './sandbox-factories';

afterAll(() => closeScriptSandbox());

const keyword = scriptEntity({ id: '11', metrics: { spend: 30, installs: 0, avgCpa: null } });
const other = scriptEntity({ id: '12', metrics: { spend: 5, installs: 3, avgCpa: 1.5 } });
const term = scriptEntity({ level: 'SEARCH_TERM', id: '400:cheap app' });
const campaign = scriptEntity({ level: 'CAMPAIGN', id: '300' });

describe('reads', () => {
  it('forwards each read with its level, lookback, narrowing and goal', async () => {
    const host = fakeHost([keyword, campaign]);
    const result = await runTestScript(
      `tw.keywords();
tw.campaigns({ lookback: 'LAST_30_DAYS', campaignIds: [300] });
tw.adGroups({ lookback: { range: 'CUSTOM_HOUR', hours: 12 }, adGroupIds: [400], goalId: '0b6f8f44-8d1b-4c1e-9b7a-2f1f4f1b2a3c' });
tw.searchTerms({ lookback: { range: 'DATE_RANGE', start: '2026-02-01', end: '2026-02-07' } });`,
      host,
    );
    expect(result).toMatchObject({ ok: true, reads: 4, evaluated: 2 });
    expect(host.requests).toEqual([
      { level: 'KEYWORD', lookback: { range: 'LAST_7_DAYS' }, campaignIds: [], adGroupIds: [] },
      {
        level: 'CAMPAIGN',
        lookback: { range: 'LAST_30_DAYS' },
        campaignIds: [300],
        adGroupIds: [],
      },
      {
        level: 'AD_GROUP',
        lookback: { range: 'CUSTOM_HOUR', hours: 12 },
        campaignIds: [],
        adGroupIds: [400],
        goalId: '0b6f8f44-8d1b-4c1e-9b7a-2f1f4f1b2a3c',
      },
      {
        level: 'SEARCH_TERM',
        lookback: { range: 'DATE_RANGE', start: '2026-02-01', end: '2026-02-07' },
        campaignIds: [],
        adGroupIds: [],
      },
    ]);
  });

  it('refuses invalid read options with a TypeError the script may catch', async () => {
    const host = fakeHost([keyword]);
    const result = await runTestScript(
      `try { tw.keywords({ lookback: 'LAST_YEAR' }); } catch (error) { tw.log(error instanceof TypeError, error.message); }`,
      host,
    );
    expect(result.ok).toBe(true);
    expect(result.logs[0]!.text).toMatch(/^true Invalid read options: lookback/);
    expect(host.requests).toEqual([]);
  });

  it('gives the script frozen entities and sees tw.now and tw.dryRun', async () => {
    const result = await runTestScript(
      `'use strict';
const [k] = tw.keywords();
tw.log(Object.isFrozen(k), Object.isFrozen(k.metrics), tw.now, tw.dryRun);
try { k.metrics.spend = 0; } catch (error) { tw.log(error.name); }
tw.log(k.metrics.spend);`,
      fakeHost([keyword]),
      { dryRun: false },
    );
    expect(result.logs.map((line) => line.text)).toEqual([
      'true true 2026-03-01T06:00:00.000Z false',
      'TypeError',
      '30',
    ]);
  });

  it('hands over exactly the entity fields, with each entity its own metrics', async () => {
    const withGoal = scriptEntity({ id: '13', metrics: { spend: 1, goalAMPU: null } });
    const hostObject = Object.assign(scriptEntity({ id: '14' }), { secret: 'db row' });
    const result = await runTestScript(
      `for (const k of tw.keywords()) tw.log(Object.keys(k).join(','), JSON.stringify(k.metrics));`,
      fakeHost([withGoal, hostObject]),
    );
    const fields =
      'level,id,name,status,adAccountId,adamId,campaignId,adGroupId,keywordId,text,currency,bid,dailyBudget,metrics';
    expect(result.logs.map((line) => line.text)).toEqual([
      `${fields} {"spend":1,"goalAMPU":null}`,
      `${fields} ${JSON.stringify(hostObject.metrics)}`,
    ]);
  });

  it('compares two periods side by side', async () => {
    const host = fakeHost([], (request) =>
      request.lookback.range === 'LAST_7_DAYS'
        ? [keyword, other]
        : [scriptEntity({ id: '11', metrics: { spend: 20, installs: 0, avgCpa: null } })],
    );
    const result = await runTestScript(
      `for (const row of tw.comparePeriods('KEYWORD', 'LAST_7_DAYS', { range: 'DATE_RANGE', start: '2026-02-01', end: '2026-02-07' }, { adGroupIds: [400] })) {
  tw.log(row.entity.id, row.current.spend, row.previous && row.previous.spend, row.change.spend, row.change.avgCpa);
}`,
      host,
    );
    expect(result.logs.map((line) => line.text)).toEqual([
      '11 30 20 0.5 null',
      '12 5 null null null',
    ]);
    expect(result.reads).toBe(2);
    expect(host.requests.map((request) => [request.lookback.range, request.adGroupIds])).toEqual([
      ['LAST_7_DAYS', [400]],
      ['DATE_RANGE', [400]],
    ]);
  });
});

describe('helpers', () => {
  it('sum, average, median, percentile and change leave nulls out', async () => {
    const result = await runTestScript(
      `tw.log(tw.sum([1, null, 2.5]), tw.sum([]), tw.average([1, null, 2]), tw.average([null]));
tw.log(tw.median([3, 1, null, 2]), tw.median([4, 1, 3, 2]), tw.median([]));
tw.log(tw.percentile([10, 20, 30, 40, 50], 90), tw.percentile([5], 0), tw.percentile([1, 2], 100));
tw.log(tw.change(15, 10), tw.change(1, 0), tw.change(null, 2), tw.change(2, null));
try { tw.percentile([1], 101); } catch (error) { tw.log(error.message); }`,
    );
    expect(result.logs.map((line) => line.text)).toEqual([
      '3.5 0 1.5 null',
      '2 2.5 null',
      '46 5 2',
      '0.5 null null null',
      'p must be from 0 to 100.',
    ]);
  });
});

describe('proposals', () => {
  it('makes each proposal in the shape of scriptProposalSchema, in order', async () => {
    const result = await runTestScript(
      `const [k] = tw.keywords();
const [t] = tw.searchTerms();
const [c] = tw.campaigns();
tw.pause(k, 'no installs');
tw.resume(k);
tw.changeBid(k, { operation: 'DECREASE_BY', unit: 'PERCENT', value: 20, min: '0.50' }, 'too dear');
tw.changeBudget(c, { operation: 'INCREASE_BY', value: 10 });
tw.addNegativeKeyword(t, { matchType: 'EXACT' });
tw.promoteSearchTerm(t, { adAccountId: 100, adGroupId: 401, matchType: 'EXACT', bid: '1.20' });
tw.notifyByEmail({ emails: ['a@example.com'] }, 'Done');
tw.notifyBySlack([{ id: 'C0123', name: 'ads' }], 'Done too');`,
      fakeHost([keyword, term, campaign]),
    );
    expect(result.ok).toBe(true);
    expect(result.proposals).toEqual([
      { entity: { level: 'KEYWORD', id: '11' }, action: { type: 'PAUSE' }, message: 'no installs' },
      { entity: { level: 'KEYWORD', id: '11' }, action: { type: 'RESUME' } },
      {
        entity: { level: 'KEYWORD', id: '11' },
        action: {
          type: 'CHANGE_BID',
          operation: 'DECREASE_BY',
          unit: 'PERCENT',
          value: 20,
          min: '0.50',
        },
        message: 'too dear',
      },
      {
        entity: { level: 'CAMPAIGN', id: '300' },
        action: { type: 'CHANGE_BUDGET', operation: 'INCREASE_BY', unit: 'AMOUNT', value: 10 },
      },
      {
        entity: { level: 'SEARCH_TERM', id: '400:cheap app' },
        action: { type: 'ADD_AS_NEGATIVE_KEYWORD', matchType: 'EXACT', level: 'AD_GROUP' },
      },
      {
        entity: { level: 'SEARCH_TERM', id: '400:cheap app' },
        action: {
          type: 'ADD_AS_KEYWORD',
          adAccountId: 100,
          adGroupId: 401,
          matchType: 'EXACT',
          bid: '1.20',
        },
      },
      {
        entity: null,
        action: {
          type: 'EMAIL_NOTIFICATION',
          recipients: { emails: ['a@example.com'], externalEmails: [] },
        },
        message: 'Done',
      },
      {
        entity: null,
        action: { type: 'SLACK_NOTIFICATION', channels: [{ id: 'C0123', name: 'ads' }] },
        message: 'Done too',
      },
    ]);
  });

  it('throws a TypeError at a proposal the schema refuses, which the script may catch', async () => {
    const result = await runTestScript(
      `const [k] = tw.keywords();
try { tw.changeBid(k, { operation: 'DECREASE_BY', value: -3 }); } catch (error) { tw.log(error.name, error.message); }
try { tw.notifyByEmail({}, 'nobody'); } catch (error) { tw.log(error.name); }
tw.changeBid(k, { operation: 'SOMETIMES' });`,
      fakeHost([keyword]),
    );
    expect(result.logs[0]!.text).toMatch(/^TypeError Invalid CHANGE_BID proposal: action\.value/);
    expect(result.logs[1]!.text).toBe('TypeError');
    expect(result).toMatchObject({ ok: false, failure: 'THREW', proposals: [] });
    expect(result.message).toMatch(
      /^The script stopped with an error\. TypeError: Invalid CHANGE_BID proposal.*\(line 4\)$/,
    );
  });

  it('refuses, with a log line, proposals for entities this run did not read', async () => {
    const result = await runTestScript(
      `const [k] = tw.keywords();
tw.pause({ level: 'KEYWORD', id: '999' });
tw.pause({ level: 'CAMPAIGN', id: k.id });
tw.pause(k);`,
      fakeHost([keyword]),
    );
    expect(result.ok).toBe(true);
    expect(result.proposals).toEqual([
      { entity: { level: 'KEYWORD', id: '11' }, action: { type: 'PAUSE' } },
    ]);
    expect(result.logs.map((line) => [line.level, line.text])).toEqual([
      ['error', 'Refused: KEYWORD 999 was not read by this run.'],
      ['error', 'Refused: CAMPAIGN 11 was not read by this run.'],
    ]);
  });

  it('runs a playbook template on the entities it reads', async () => {
    const { scriptTemplate } = await import('@tapwise/contracts');
    const result = await runTestScript(
      scriptTemplate('CUT_WASTE').source,
      fakeHost([keyword, other]),
    );
    expect(result.proposals).toEqual([
      {
        entity: { level: 'KEYWORD', id: '11' },
        action: { type: 'CHANGE_BID', operation: 'DECREASE_BY', unit: 'PERCENT', value: 20 },
        message: 'Spends without installs',
      },
    ]);
  });
});

describe('custom functions', () => {
  it('imports functions/<path> modules from input.modules, also from each other', async () => {
    const result = await runTestScript(
      `import { capped } from 'functions/bids/cap';
import * as util from 'functions/util';
tw.log(capped(7), util.double(2));`,
      fakeHost([]),
      {
        modules: {
          'bids/cap': `import { double } from 'functions/util';\nexport const capped = (bid) => Math.min(double(bid), 10);`,
          util: `export function double(value) { return value * 2; }`,
        },
      },
    );
    expect(result.ok).toBe(true);
    expect(result.logs[0]!.text).toBe('10 4');
  });

  it('says in which custom function and line an error was thrown, or does not compile', async () => {
    const modules = {
      'bids/cap': `export function cap(bid) {\n  if (bid > 10) throw new RangeError('too high');\n  return bid;\n}`,
      broken: `export const a = ;`,
    };
    const thrown = await runTestScript(
      `import { cap } from 'functions/bids/cap';\ncap(20);`,
      fakeHost([]),
      { modules },
    );
    expect(thrown.message).toBe(
      `${SCRIPT_FAILURE_MESSAGES.THREW} RangeError: too high (functions/bids/cap, line 2)`,
    );
    const broken = await runTestScript(`import { a } from 'functions/broken';`, fakeHost([]), {
      modules,
    });
    expect(broken).toMatchObject({ failure: 'COMPILE' });
    expect(broken.message).toMatch(/SyntaxError: .*\(functions\/broken, line 1\)$/);
  });

  it('fails to compile when an imported function does not exist', async () => {
    const result = await runTestScript(
      `import { f } from 'functions/missing';\nf();`,
      fakeHost([]),
      {
        modules: { present: 'export const f = 1;' },
      },
    );
    expect(result).toMatchObject({ ok: false, failure: 'COMPILE' });
    expect(result.message).toBe(
      `${SCRIPT_FAILURE_MESSAGES.COMPILE} There is no custom function "missing".`,
    );
  });

  it('fails LIMIT past the imports a script may make', async () => {
    const result = await runTestScript(`import 'functions/a';`, fakeHost([]), {
      modules: { a: `import 'functions/b';`, b: `import 'functions/c';`, c: 'export {};' },
      limits: { imports: 2 },
    });
    expect(result).toMatchObject({ ok: false, failure: 'LIMIT' });
  });
});

describe('logs', () => {
  it('formats values like console, with levels and times', async () => {
    const result = await runTestScript(
      `console.log('a', 1, null, undefined, { b: [1, 2] }, true);
console.info(new RangeError('bad'));
console.warn(function named() {});
const loop = {}; loop.self = loop;
console.error(loop);`,
    );
    expect(result.logs.map((line) => [line.level, line.text])).toEqual([
      ['log', 'a 1 null undefined {"b":[1,2]} true'],
      ['info', 'RangeError: bad'],
      ['warn', '[Function named]'],
      ['error', '[Object]'],
    ]);
    expect(result.logs.every((line) => line.atMs >= 0 && line.atMs <= result.durationMs)).toBe(
      true,
    );
  });

  it('caps lines, characters per line and in all, then says it cut the log', async () => {
    const long = await runTestScript(`tw.log('x'.repeat(50));`, undefined, {
      limits: { logLineChars: 10 },
    });
    expect(long.logs[0]!.text).toBe(`${'x'.repeat(9)}…`);

    const many = await runTestScript(`for (let i = 0; i < 100; i++) tw.log(i);`, undefined, {
      limits: { logLines: 5 },
    });
    expect(many.logs.map((line) => line.text)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      'The log was cut here: the run wrote more than its log may keep.',
    ]);

    const chars = await runTestScript(`for (let i = 0; i < 100; i++) tw.log('abcd');`, undefined, {
      limits: { logChars: 10 },
    });
    expect(chars.logs.map((line) => line.text)).toEqual([
      'abcd',
      'abcd',
      'The log was cut here: the run wrote more than its log may keep.',
    ]);
  });
});

describe('failures', () => {
  it('COMPILE when a script or a function it imports is longer than sourceChars', async () => {
    const long = await runTestScript(`tw.log(1);`.repeat(20), undefined, {
      limits: { sourceChars: 100 },
    });
    expect(long).toMatchObject({
      failure: 'COMPILE',
      logs: [{ text: 'It is longer than 100 characters.' }],
    });
    const imported = await runTestScript(`import 'functions/big';`, undefined, {
      modules: { big: `export const a = ${'1 + '.repeat(40)}1;` },
      limits: { sourceChars: 100 },
    });
    expect(imported).toMatchObject({ failure: 'COMPILE' });
  });

  it('COMPILE on a syntax error, with its line', async () => {
    const result = await runTestScript(`const a = 1;\nconst b = ;`);
    expect(result).toMatchObject({ ok: false, failure: 'COMPILE', proposals: [] });
    expect(result.message).toMatch(/^The script does not compile\. SyntaxError: .* \(line 2\)$/);
  });

  it('THREW on an uncaught throw, with the message and line in the message and the log', async () => {
    const result = await runTestScript(`tw.log('before');\n\nthrow new Error('boom');`);
    expect(result).toMatchObject({ ok: false, failure: 'THREW' });
    expect(result.message).toBe(`${SCRIPT_FAILURE_MESSAGES.THREW} Error: boom (line 3)`);
    expect(result.logs.at(-1)).toMatchObject({ level: 'error', text: 'Error: boom (line 3)' });
  });

  it('THREW when a thrown value is not an error, and when a top-level await rejects', async () => {
    expect((await runTestScript(`throw 'plain';`)).message).toBe(
      `${SCRIPT_FAILURE_MESSAGES.THREW} Error: plain`,
    );
    const rejected = await runTestScript(`await Promise.reject(new TypeError('later'));`);
    expect(rejected).toMatchObject({
      failure: 'THREW',
      message: `${SCRIPT_FAILURE_MESSAGES.THREW} TypeError: later (line 1)`,
    });
  });

  it('THREW when a host read fails, without the host error', async () => {
    const host = fakeHost([], () => {
      throw new Error('connection refused at /srv/secret');
    });
    const result = await runTestScript(`tw.keywords();`, host);
    expect(result).toMatchObject({
      failure: 'THREW',
      message: `${SCRIPT_FAILURE_MESSAGES.THREW} The data read failed.`,
    });
  });

  it('TIMEOUT past cpuMs, not counting the time reads wait for the host', async () => {
    const slowHost = fakeHost(
      [],
      () => new Promise((resolve) => setTimeout(() => resolve([]), 150)),
    );
    const reads = await runTestScript(`for (let i = 0; i < 4; i++) tw.keywords();`, slowHost, {
      limits: { cpuMs: 100 },
    });
    expect(reads).toMatchObject({ ok: true, reads: 4 });

    const loop = await runTestScript(`for (;;) {}`, undefined, { limits: { cpuMs: 100 } });
    expect(loop).toMatchObject({ ok: false, failure: 'TIMEOUT' });
  });

  it('TIMEOUT past deadlineMs, reads included', async () => {
    const slowHost = fakeHost(
      [],
      () => new Promise((resolve) => setTimeout(() => resolve([]), 100)),
    );
    const result = await runTestScript(`for (;;) tw.keywords();`, slowHost, {
      limits: { deadlineMs: 250 },
    });
    expect(result).toMatchObject({ ok: false, failure: 'TIMEOUT' });
    expect(result.durationMs).toBeLessThan(1_000);
  });

  it('TIMEOUT even when the script catches the interrupt', async () => {
    const result = await runTestScript(
      `for (;;) { try { for (;;) {} } catch (error) {} }`,
      undefined,
      {
        limits: { cpuMs: 100 },
      },
    );
    expect(result.failure).toBe('TIMEOUT');
  });

  it('MEMORY on out of memory and on a stack overflow', async () => {
    const memory = await runTestScript(
      `const a = []; for (;;) a.push({ i: a.length, text: 'abcdefgh' + a.length });`,
      undefined,
      {
        limits: { memoryBytes: 4 * 1024 * 1024 },
      },
    );
    expect(memory).toMatchObject({ ok: false, failure: 'MEMORY' });
    const stack = await runTestScript(`function f(n) { return f(n + 1) + 1; }\nf(0);`);
    expect(stack).toMatchObject({ ok: false, failure: 'MEMORY' });
  });

  it('LIMIT past the reads or proposals a run may make, even when the script catches it', async () => {
    const reads = await runTestScript(
      `for (let i = 0; i < 10; i++) { try { tw.keywords(); } catch (error) {} }\nfor (;;) {}`,
      fakeHost([keyword]),
      { limits: { reads: 3 } },
    );
    expect(reads).toMatchObject({ ok: false, failure: 'LIMIT', reads: 3, proposals: [] });
    const proposals = await runTestScript(
      `const [k] = tw.keywords();\nfor (let i = 0; i < 10; i++) tw.pause(k);`,
      fakeHost([keyword]),
      {
        limits: { proposals: 5 },
      },
    );
    expect(proposals).toMatchObject({ ok: false, failure: 'LIMIT', proposals: [] });
    expect(proposals.message).toBe(
      `${SCRIPT_FAILURE_MESSAGES.LIMIT} It proposed more than 5 actions.`,
    );
  });
});

describe('compileScript and listImports', () => {
  it('lists static imports and re-exports, each once', () => {
    expect(
      listImports(
        `import { a } from 'functions/a';\nimport 'functions/b';\nexport * from 'functions/a';\nexport { c } from 'functions/c';\nimport('functions/d');`,
      ),
    ).toEqual(['functions/a', 'functions/b', 'functions/c']);
    expect(listImports('not js (')).toEqual([]);
  });

  it('compiles scripts and modules without running them', async () => {
    await expect(
      compileScript(`import { f } from 'functions/bids/cap';\nwhile (true) {}`, 'script'),
    ).resolves.toEqual({
      ok: true,
      imports: ['functions/bids/cap'],
    });
    await expect(compileScript('export const f = 1;', 'module')).resolves.toEqual({
      ok: true,
      imports: [],
    });
    await expect(compileScript('const f = 1;', 'module')).resolves.toMatchObject({ ok: false });
    const syntax = await compileScript('const a = 1;\nconst = 2;', 'script');
    expect(syntax).toEqual({
      ok: false,
      message: expect.stringMatching(/^SyntaxError: .*\(2:6\)$/) as string,
    });
    await expect(compileScript(`import fs from 'fs';`, 'script')).resolves.toEqual({
      ok: false,
      message: 'Only custom functions can be imported ("functions/<path>"), not "fs".',
    });
    await expect(
      compileScript(`import x from 'functions/../etc';`, 'script'),
    ).resolves.toMatchObject({ ok: false });
  });
});
