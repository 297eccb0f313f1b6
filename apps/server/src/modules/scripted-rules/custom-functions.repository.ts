// The only code touching custom_functions and custom_function_versions. Every function takes the
// company first; "visible" means public to the company, or private and written by the member.
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users } from '../accounts/accounts.tables';
import { automationRules } from '../automation/automation.tables';
import { customFunctions, customFunctionVersions } from './custom-functions.tables';

export type CustomFunctionRow = typeof customFunctions.$inferSelect;

function visibleTo(userId: string) {
  return or(eq(customFunctions.isPublic, true), eq(customFunctions.createdBy, userId));
}

/** The functions the member sees, without code (the file tree). */
export async function listVisibleFunctions(db: Database, teamId: string, userId: string) {
  return db
    .select()
    .from(customFunctions)
    .where(and(eq(customFunctions.teamId, teamId), visibleTo(userId)))
    .orderBy(asc(customFunctions.path));
}

/** One visible function with its newest code and its author's name. */
export async function findVisibleFunction(
  db: Database,
  teamId: string,
  userId: string,
  id: string,
) {
  const [row] = await db
    .select({
      fn: customFunctions,
      code: customFunctionVersions.code,
      authorName: sql<
        string | null
      >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
    })
    .from(customFunctions)
    .innerJoin(
      customFunctionVersions,
      and(
        eq(customFunctionVersions.functionId, customFunctions.id),
        eq(customFunctionVersions.version, customFunctions.version),
      ),
    )
    .leftJoin(users, eq(users.id, customFunctions.createdBy))
    .where(and(eq(customFunctions.teamId, teamId), eq(customFunctions.id, id), visibleTo(userId)));
  return row;
}

/** The visible functions at these exact paths, each with its newest version's code. */
export async function findVisibleFunctionsByPath(
  db: Database,
  teamId: string,
  userId: string,
  paths: readonly string[],
) {
  if (paths.length === 0) return [];
  return db
    .select({
      functionId: customFunctions.id,
      path: customFunctions.path,
      version: customFunctions.version,
      code: customFunctionVersions.code,
    })
    .from(customFunctions)
    .innerJoin(
      customFunctionVersions,
      and(
        eq(customFunctionVersions.functionId, customFunctions.id),
        eq(customFunctionVersions.version, customFunctions.version),
      ),
    )
    .where(
      and(
        eq(customFunctions.teamId, teamId),
        inArray(customFunctions.path, [...paths]),
        visibleTo(userId),
      ),
    );
}

/** The code of these function versions, whoever sees the functions now (pins outlive visibility). */
export async function findFunctionVersions(
  db: Database,
  teamId: string,
  versions: readonly { functionId: string; version: number }[],
) {
  if (versions.length === 0) return [];
  return db
    .select({
      functionId: customFunctionVersions.functionId,
      version: customFunctionVersions.version,
      code: customFunctionVersions.code,
    })
    .from(customFunctionVersions)
    .where(
      and(
        eq(customFunctionVersions.teamId, teamId),
        or(
          ...versions.map((pin) =>
            and(
              eq(customFunctionVersions.functionId, pin.functionId),
              eq(customFunctionVersions.version, pin.version),
            ),
          ),
        ),
      ),
    );
}

export async function isFunctionPathTaken(
  db: Database,
  teamId: string,
  path: string,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: customFunctions.id })
    .from(customFunctions)
    .where(
      and(
        eq(customFunctions.teamId, teamId),
        sql`lower(${customFunctions.path}) = lower(${path})`,
        exceptId ? ne(customFunctions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A new function at version 1, with its first version row. */
export async function insertFunction(
  db: Database,
  teamId: string,
  createdBy: string,
  values: { path: string; description: string; code: string },
): Promise<CustomFunctionRow> {
  const [row] = await db
    .insert(customFunctions)
    .values({ teamId, createdBy, path: values.path, description: values.description, version: 1 })
    .returning();
  await db
    .insert(customFunctionVersions)
    .values({ functionId: row!.id, version: 1, teamId, code: values.code, createdBy });
  return row!;
}

/** A new version of the function: its row for the code, and the function's path, description and version. */
export async function insertFunctionVersion(
  db: Database,
  teamId: string,
  id: string,
  createdBy: string,
  values: { path: string; description: string; code: string },
): Promise<CustomFunctionRow> {
  const [row] = await db
    .update(customFunctions)
    .set({
      path: values.path,
      description: values.description,
      version: sql`${customFunctions.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(customFunctions.teamId, teamId), eq(customFunctions.id, id)))
    .returning();
  await db
    .insert(customFunctionVersions)
    .values({ functionId: id, version: row!.version, teamId, code: values.code, createdBy });
  return row!;
}

/** Who sees the function, or whether it is locked. */
export async function updateFunctionFlags(
  db: Database,
  teamId: string,
  id: string,
  flags: { isPublic?: boolean; isLocked?: boolean },
): Promise<CustomFunctionRow> {
  const [row] = await db
    .update(customFunctions)
    .set({ ...flags, updatedAt: new Date() })
    .where(and(eq(customFunctions.teamId, teamId), eq(customFunctions.id, id)))
    .returning();
  return row!;
}

/** Deletes the function; its versions go with it. */
export async function deleteFunction(db: Database, teamId: string, id: string): Promise<void> {
  await db
    .delete(customFunctions)
    .where(and(eq(customFunctions.teamId, teamId), eq(customFunctions.id, id)));
}

/** Whether a live scripted rule of the team pins a version of the function. */
export async function isFunctionImported(
  db: Database,
  teamId: string,
  functionId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.teamId, teamId),
        eq(automationRules.kind, 'SCRIPT'),
        isNull(automationRules.deletedAt),
        sql`${automationRules.definition} -> 'imports' @> ${JSON.stringify([{ functionId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
