// Resolves a script's `functions/<path>` imports to pinned function versions when it is saved, and
// loads the pinned code when it runs: a later edit of a function never changes a saved script.
import { CUSTOM_FUNCTION_IMPORT_PREFIX, type CustomFunctionPin } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { findFunctionVersions, findVisibleFunctionsByPath } from './custom-functions.repository';
import { listImports } from './sandbox';

/** The function path a specifier names, if it names one at all. */
function pathOf(specifier: string): string | undefined {
  return specifier.startsWith(CUSTOM_FUNCTION_IMPORT_PREFIX)
    ? specifier.slice(CUSTOM_FUNCTION_IMPORT_PREFIX.length)
    : undefined;
}

/**
 * Pins each imported function ('functions/<path>') and, transitively, what it imports, at its
 * newest version, among the functions the member sees (public ones and their own private ones).
 * `missing` holds the specifiers, as written, that name no such function. The caller holds the
 * pins to SCRIPT_LIMITS.imports.
 */
export async function pinImports(
  db: Database,
  teamId: string,
  userId: string,
  specifiers: readonly string[],
): Promise<{ pins: CustomFunctionPin[]; missing: string[] }> {
  const pins = new Map<string, CustomFunctionPin>();
  const missing = new Set<string>();
  const seen = new Set<string>();
  let wanted = [...new Set(specifiers)];
  // Breadth first, one query per level of imports; `seen` ends import cycles.
  while (wanted.length > 0) {
    wanted.forEach((specifier) => seen.add(specifier));
    const paths = wanted.flatMap((specifier) => pathOf(specifier) ?? []);
    const found = await findVisibleFunctionsByPath(db, teamId, userId, paths);
    const byPath = new Map(found.map((fn) => [fn.path, fn]));
    const next = new Set<string>();
    for (const specifier of wanted) {
      const fn = byPath.get(pathOf(specifier) ?? '');
      if (!fn) {
        missing.add(specifier);
        continue;
      }
      pins.set(fn.functionId, { functionId: fn.functionId, path: fn.path, version: fn.version });
      for (const imported of listImports(fn.code)) if (!seen.has(imported)) next.add(imported);
    }
    wanted = [...next];
  }
  return {
    pins: [...pins.values()].sort((a, b) => a.path.localeCompare(b.path)),
    missing: [...missing],
  };
}

/**
 * The pinned versions' code by path (without the `functions/` prefix), for the sandbox's module
 * loader. A pin whose function was deleted since is absent, and the script fails to compile.
 */
export async function loadPinnedModules(
  db: Database,
  teamId: string,
  pins: readonly CustomFunctionPin[],
): Promise<Record<string, string>> {
  const versions = await findFunctionVersions(db, teamId, pins);
  const codeOf = new Map(versions.map((row) => [`${row.functionId}:${row.version}`, row.code]));
  const modules: Record<string, string> = {};
  for (const pin of pins) {
    const code = codeOf.get(`${pin.functionId}:${pin.version}`);
    if (code !== undefined) modules[pin.path] = code;
  }
  return modules;
}
