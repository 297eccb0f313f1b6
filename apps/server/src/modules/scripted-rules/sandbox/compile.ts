// Parsing without running: the editor's and the save's check, and the imports a script pins.
import { CUSTOM_FUNCTION_IMPORT_PREFIX, CUSTOM_FUNCTION_PATH } from '@tapwise/contracts';
import { parse, type Program } from 'acorn';

function parseModule(source: string): Program {
  return parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
}

/** The static import (and re-export) specifiers of a parsed module, in order, each once. */
function importsOf(program: Program): string[] {
  const specifiers = new Set<string>();
  for (const node of program.body) {
    const from =
      node.type === 'ImportDeclaration' ||
      node.type === 'ExportAllDeclaration' ||
      (node.type === 'ExportNamedDeclaration' && node.source)
        ? node.source?.value
        : undefined;
    if (typeof from === 'string') specifiers.add(from);
  }
  return [...specifiers];
}

/** Static import specifiers of a source (acorn), e.g. ['functions/bids/cap']; [] when it does not parse. */
export function listImports(source: string): string[] {
  try {
    return importsOf(parseModule(source));
  } catch {
    return [];
  }
}

/** Parses without running: a script (kind 'script') or a custom function module ('module'). */
export async function compileScript(
  source: string,
  kind: 'script' | 'module',
): Promise<{ ok: true; imports: string[] } | { ok: false; message: string }> {
  let program: Program;
  try {
    program = parseModule(source);
  } catch (error) {
    // acorn's message ends with "(line:column)".
    return { ok: false, message: `SyntaxError: ${(error as Error).message}` };
  }
  const imports = importsOf(program);
  const other = imports.find(
    (specifier) =>
      !specifier.startsWith(CUSTOM_FUNCTION_IMPORT_PREFIX) ||
      !CUSTOM_FUNCTION_PATH.test(specifier.slice(CUSTOM_FUNCTION_IMPORT_PREFIX.length)),
  );
  if (other !== undefined)
    return {
      ok: false,
      message: `Only custom functions can be imported ("functions/<path>"), not "${other}".`,
    };
  if (kind === 'module' && !program.body.some((node) => node.type.startsWith('Export')))
    return {
      ok: false,
      message: 'A custom function exports what scripts import: it has no export.',
    };
  return { ok: true, imports };
}
