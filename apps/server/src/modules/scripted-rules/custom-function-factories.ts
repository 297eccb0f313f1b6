// Test support for custom functions: a company's function saved directly, with its versions, as
// the service saves them, for the API's and the engine's tests.
import type { CustomFunctionPin } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { automationRules } from '../automation/automation.tables';
import type { RuleRow } from '../automation/rules.repository';
import {
  insertFunction,
  insertFunctionVersion,
  updateFunctionFlags,
  type CustomFunctionRow,
} from './custom-functions.repository';

/**
 * A function of the team at `path`, written by `createdBy`, with one version per code given
 * (the last one newest).
 */
export async function createCustomFunction(
  db: Database,
  teamId: string,
  createdBy: string,
  options: {
    path: string;
    codes?: string[];
    isPublic?: boolean;
    isLocked?: boolean;
    description?: string;
  },
): Promise<CustomFunctionRow> {
  const [first = 'export const one = 1;', ...later] = options.codes ?? [];
  const values = { path: options.path, description: options.description ?? '' };
  let row = await insertFunction(db, teamId, createdBy, { ...values, code: first });
  for (const code of later)
    row = await insertFunctionVersion(db, teamId, row.id, createdBy, { ...values, code });
  if (options.isPublic || options.isLocked)
    row = await updateFunctionFlags(db, teamId, row.id, {
      isPublic: options.isPublic ?? false,
      isLocked: options.isLocked ?? false,
    });
  return row;
}

/**
 * A live scripted rule row importing the pinned functions, for the checks that read scripts'
 * imports and changes (the scripted rules' own saving is the engine's).
 */
export async function createScriptRow(
  db: Database,
  teamId: string,
  options: { name: string; imports?: CustomFunctionPin[]; deleted?: boolean },
): Promise<RuleRow> {
  const [row] = await db
    .insert(automationRules)
    .values({
      teamId,
      kind: 'SCRIPT',
      status: options.deleted ? 'DELETED' : 'CREATED',
      name: options.name,
      definition: {
        name: options.name,
        source: 'export {};',
        imports: options.imports ?? [],
      } as unknown as RuleRow['definition'],
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning();
  return row!;
}
