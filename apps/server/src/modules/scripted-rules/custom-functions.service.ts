// Custom functions (spec 2 §3.7, §7.3; docs/scripted-rules.md): a company's file tree of script
// modules. Every save is a new version (scripts keep the versions they pinned); private functions
// are their author's alone; a locked one is neither edited nor deleted; only the author changes
// who sees it and whether it is locked.
import {
  customFunctionInput,
  SCRIPTED_RULE_MESSAGES,
  type CustomFunction,
  type CustomFunctionTreeNode,
} from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordActivity } from '../activity-log/activity-log.service';
import { inTransaction, isUniqueViolation } from '../automation/rules.repository';
import { parseOwnId, type Caller } from '../automation/rules.service';
import {
  deleteFunction,
  findVisibleFunction,
  insertFunction,
  insertFunctionVersion,
  isFunctionImported,
  isFunctionPathTaken,
  listVisibleFunctions,
  updateFunctionFlags,
  type CustomFunctionRow,
} from './custom-functions.repository';
import { compileScript } from './sandbox';

/** A function as the API serves it: its time as a date. */
export type CustomFunctionView = Omit<CustomFunction, 'updatedAt'> & { updatedAt: Date };
export interface CustomFunctionResult {
  successMessage: string;
  customFunction: CustomFunctionView;
}

const ACTIVITY_PLACE = { featureName: 'scriptedRules', featurePath: '/scripted-rule' };

const notFound = () => new AppError('NOT_FOUND', 'No such function.');
const pathTaken = () =>
  new AppError('CUSTOM_FUNCTION_PATH_TAKEN', SCRIPTED_RULE_MESSAGES.functionPathTaken, {
    path: SCRIPTED_RULE_MESSAGES.functionPathTaken,
  });
const locked = () => new AppError('CUSTOM_FUNCTION_LOCKED', SCRIPTED_RULE_MESSAGES.functionLocked);

/** The function, if the caller sees it; anything else (another member's private one, another company's, not a UUID) is not found. */
export async function readCustomFunction(
  db: Database,
  caller: Caller,
  id: string | number,
): Promise<CustomFunctionView> {
  const found = await findVisibleFunction(
    db,
    caller.teamId,
    caller.userId,
    parseOwnId(id, 'function'),
  );
  if (!found) throw notFound();
  const { fn, code, authorName } = found;
  return {
    id: fn.id,
    name: fn.path.split('/').at(-1)!,
    path: fn.path,
    description: fn.description,
    code,
    isLocked: fn.isLocked,
    isPublic: fn.isPublic,
    version: fn.version,
    isOwn: fn.createdBy === caller.userId,
    authorName,
    updatedAt: fn.updatedAt,
  };
}

/** Folders from the paths' segments, then functions, each level sorted by name. */
export function functionTree(
  functions: readonly Pick<CustomFunctionRow, 'id' | 'path' | 'isPublic' | 'isLocked'>[],
): CustomFunctionTreeNode[] {
  const root: CustomFunctionTreeNode[] = [];
  for (const fn of functions) {
    const segments = fn.path.split('/');
    let level = root;
    segments.slice(0, -1).forEach((segment, index) => {
      const path = segments.slice(0, index + 1).join('/');
      let folder = level.find((node) => node.functionId === null && node.path === path);
      if (!folder) {
        folder = {
          name: segment,
          path,
          functionId: null,
          isPublic: null,
          isLocked: null,
          children: [],
        };
        level.push(folder);
      }
      level = folder.children;
    });
    level.push({
      name: segments.at(-1)!,
      path: fn.path,
      functionId: fn.id,
      isPublic: fn.isPublic,
      isLocked: fn.isLocked,
      children: [],
    });
  }
  return sortTree(root);
}

function sortTree(nodes: CustomFunctionTreeNode[]): CustomFunctionTreeNode[] {
  // A folder and a function may share a name ("bids" and "bids/cap"): the folder comes first.
  nodes.sort(
    (a, b) =>
      a.name.localeCompare(b.name) || Number(a.functionId !== null) - Number(b.functionId !== null),
  );
  for (const node of nodes) sortTree(node.children);
  return nodes;
}

export async function readFunctionTree(db: Database, caller: Caller) {
  return functionTree(await listVisibleFunctions(db, caller.teamId, caller.userId));
}

/** The code must compile as a module; the compiler's words go under `code`. */
async function checkCompiles(code: string) {
  const compiled = await compileScript(code, 'module');
  if (!compiled.ok)
    throw new AppError('BAD_REQUEST', 'The function does not compile.', {
      code: compiled.message,
    });
}

/**
 * Creates a private, unlocked function at version 1, or saves a new version of a visible one
 * (a path change keeps its id: scripts keep the path and version they pinned).
 */
export async function saveCustomFunction(
  db: Database,
  caller: Caller,
  id: string | number | null | undefined,
  input: unknown,
): Promise<CustomFunctionResult> {
  const values = customFunctionInput.parse(input);
  const current = id === null || id === undefined ? null : await readCustomFunction(db, caller, id);
  if (current?.isLocked) throw locked();
  if (await isFunctionPathTaken(db, caller.teamId, values.path, current?.id)) throw pathTaken();
  await checkCompiles(values.code);
  let saved: CustomFunctionRow;
  try {
    saved = await inTransaction(db, async (tx) => {
      const row = current
        ? await insertFunctionVersion(tx, caller.teamId, current.id, caller.userId, values)
        : await insertFunction(tx, caller.teamId, caller.userId, values);
      await recordActivity(tx, caller, caller.teamId, {
        logType: current ? 'rule_updated' : 'rule_created',
        message: current
          ? `Saved version ${row.version} of the custom function "${row.path}"`
          : `Created the custom function "${row.path}"`,
        ...ACTIVITY_PLACE,
      });
      return row;
    });
  } catch (error) {
    // Two saves racing for one path: the unique index decides.
    if (isUniqueViolation(error)) throw pathTaken();
    throw error;
  }
  return {
    successMessage: SCRIPTED_RULE_MESSAGES.functionSaved,
    customFunction: await readCustomFunction(db, caller, saved.id),
  };
}

/** Deletes a function and its versions, unless it is locked or a live scripted rule imports it. */
export async function deleteCustomFunction(
  db: Database,
  caller: Caller,
  id: string | number,
): Promise<{ successMessage: string }> {
  const current = await readCustomFunction(db, caller, id);
  if (current.isLocked) throw locked();
  if (await isFunctionImported(db, caller.teamId, current.id))
    throw new AppError('CUSTOM_FUNCTION_IN_USE', SCRIPTED_RULE_MESSAGES.functionInUse);
  await inTransaction(db, async (tx) => {
    await deleteFunction(tx, caller.teamId, current.id);
    await recordActivity(tx, caller, caller.teamId, {
      logType: 'rule_updated',
      message: `Deleted the custom function "${current.path}"`,
      ...ACTIVITY_PLACE,
    });
  });
  return { successMessage: SCRIPTED_RULE_MESSAGES.functionDeleted };
}

/** Who sees the function, or whether it is locked: its author's decision alone. */
export async function setCustomFunctionFlags(
  db: Database,
  caller: Caller,
  id: string | number,
  flags: { isPublic: boolean } | { isLocked: boolean },
): Promise<CustomFunctionResult> {
  const current = await readCustomFunction(db, caller, id);
  if (!current.isOwn) throw new AppError('FORBIDDEN', SCRIPTED_RULE_MESSAGES.functionNotOwn);
  await updateFunctionFlags(db, caller.teamId, current.id, flags);
  return {
    successMessage: SCRIPTED_RULE_MESSAGES.functionSaved,
    customFunction: await readCustomFunction(db, caller, current.id),
  };
}
