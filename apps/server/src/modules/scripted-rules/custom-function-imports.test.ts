// Pinning a script's imports on a real database: the newest version of each visible function and
// of what it imports in turn, missing names, and pinned code that outlives later versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createMember } from '../../platform/testing/factories';
import { createTestDatabase, type TestDatabase } from '../../platform/testing/test-database';
import { createCustomFunction } from './custom-function-factories';
import { loadPinnedModules, pinImports } from './custom-function-imports';
import { insertFunctionVersion } from './custom-functions.repository';

let database: TestDatabase;
let teamId: string;
let authorId: string;
let colleagueId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const company = await createCompany(database.db);
  teamId = company.id;
  authorId = (await createMember(database.db, teamId)).user.id;
  colleagueId = (await createMember(database.db, teamId)).user.id;
});

afterAll(async () => {
  await database.close();
});

describe('pinImports', () => {
  it('pins the newest version, and after a new version the old pin still loads the old code', async () => {
    const db = database.db;
    const fn = await createCustomFunction(db, teamId, authorId, {
      path: 'bids/cap',
      codes: ['export const cap = 1;', 'export const cap = 2;'],
    });
    const { pins, missing } = await pinImports(db, teamId, authorId, ['functions/bids/cap']);
    expect(missing).toEqual([]);
    expect(pins).toEqual([{ functionId: fn.id, path: 'bids/cap', version: 2 }]);

    await insertFunctionVersion(db, teamId, fn.id, authorId, {
      path: 'bids/cap',
      description: '',
      code: 'export const cap = 3;',
    });
    expect(await loadPinnedModules(db, teamId, pins)).toEqual({
      'bids/cap': 'export const cap = 2;',
    });
    expect(await loadPinnedModules(db, teamId, [{ ...pins[0]!, version: 1 }])).toEqual({
      'bids/cap': 'export const cap = 1;',
    });
  });

  it('pins what imported functions import, through cycles, and names the missing ones', async () => {
    const db = database.db;
    const a = await createCustomFunction(db, teamId, authorId, {
      path: 'chain/a',
      codes: [`import { b } from 'functions/chain/b';\nexport const a = () => b;`],
    });
    const b = await createCustomFunction(db, teamId, authorId, {
      path: 'chain/b',
      codes: [
        `import { a } from 'functions/chain/a';\nexport { c } from 'functions/chain/c';\n` +
          `import 'functions/chain/nowhere';\nexport const b = () => a;`,
      ],
    });
    const c = await createCustomFunction(db, teamId, authorId, {
      path: 'chain/c',
      codes: ['export const c = 3;'],
    });
    const { pins, missing } = await pinImports(db, teamId, authorId, [
      'functions/chain/a',
      'functions/chain/a',
      'lodash',
    ]);
    expect(pins).toEqual([
      { functionId: a.id, path: 'chain/a', version: 1 },
      { functionId: b.id, path: 'chain/b', version: 1 },
      { functionId: c.id, path: 'chain/c', version: 1 },
    ]);
    expect(missing.sort()).toEqual(['functions/chain/nowhere', 'lodash']);
    expect(Object.keys(await loadPinnedModules(db, teamId, pins)).sort()).toEqual([
      'chain/a',
      'chain/b',
      'chain/c',
    ]);
  });

  it("sees public functions and the member's own private ones only", async () => {
    const db = database.db;
    const shared = await createCustomFunction(db, teamId, authorId, {
      path: 'shared/util',
      isPublic: true,
    });
    await createCustomFunction(db, teamId, authorId, { path: 'mine/secret' });
    const other = await createCompany(db);
    const stranger = (await createMember(db, other.id)).user.id;
    await createCustomFunction(db, other.id, stranger, { path: 'theirs/util', isPublic: true });

    const { pins, missing } = await pinImports(db, teamId, colleagueId, [
      'functions/shared/util',
      'functions/mine/secret',
      'functions/theirs/util',
    ]);
    expect(pins.map((pin) => pin.functionId)).toEqual([shared.id]);
    expect(missing.sort()).toEqual(['functions/mine/secret', 'functions/theirs/util']);
  });

  it("loads nothing of another company's pins", async () => {
    const db = database.db;
    const other = await createCompany(db);
    const stranger = (await createMember(db, other.id)).user.id;
    const theirs = await createCustomFunction(db, other.id, stranger, {
      path: 'x',
      isPublic: true,
    });
    expect(
      await loadPinnedModules(db, teamId, [{ functionId: theirs.id, path: 'x', version: 1 }]),
    ).toEqual({});
  });
});
