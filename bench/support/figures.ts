// The suite's figures: each a value with its unit and, where Tapwise has one, its target. Targets
// are set for the mature scale; at the small scale figures are printed but not judged.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Unit = 'ms' | 's' | 'min' | 'rows/s' | 'req/s' | 'ratio' | 'KiB' | 'MiB' | 'count';

export interface Target {
  /** The value must be below, at most, at least or equal to `value`. */
  is: '<' | '<=' | '>=' | '=';
  value: number;
  /** Where the target comes from: an issue, or a budget docs/PERFORMANCE.md explains. */
  source: string;
}

export interface Figure {
  group: string;
  name: string;
  value: number;
  unit: Unit;
  target?: Target;
  /** What was measured, in a few words (rows, runs, percentile). */
  detail?: string;
}

/** A target that holds on PostgreSQL only (the issue sets none for PGlite). */
export function onPostgres(engine: string, target: Target): { target?: Target } {
  return engine === 'postgres' ? { target } : {};
}

export type Verdict = 'pass' | 'fail' | 'not judged' | '';

export function verdictOf(figure: Figure, judged: boolean): Verdict {
  const { target, value } = figure;
  if (!target) return '';
  if (!judged) return 'not judged';
  const met =
    target.is === '<'
      ? value < target.value
      : target.is === '<='
        ? value <= target.value
        : target.is === '>='
          ? value >= target.value
          : value === target.value;
  return met ? 'pass' : 'fail';
}

function formatted(value: number, unit: Unit): string {
  const digits = unit === 'ratio' ? 2 : ['ms', 's', 'min', 'KiB'].includes(unit) ? 1 : 0;
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${unit}`;
}

/** One table: figure, value, target, verdict, detail. */
export function printFigures(figures: readonly Figure[], judged: boolean): void {
  const rows = figures.map((figure) => [
    `${figure.group}: ${figure.name}`,
    formatted(figure.value, figure.unit),
    figure.target
      ? `${figure.target.is} ${formatted(figure.target.value, figure.unit)} (${figure.target.source})`
      : '',
    verdictOf(figure, judged),
    figure.detail ?? '',
  ]);
  const header = ['figure', 'value', 'target', 'result', 'measured'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

export interface SuiteResult {
  date: string;
  scale: string;
  engine: string;
  scenario: string;
  machine: { cpus: string; cores: number; memoryGiB: number; node: string; platform: string };
  figures: (Figure & { result: Verdict })[];
}

export function machineInfo(): SuiteResult['machine'] {
  return {
    cpus: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** bench/results/<date>.json (a second run the same day adds the time to the name). */
export function writeResult(directory: string, result: SuiteResult): string {
  fs.mkdirSync(directory, { recursive: true });
  const day = result.date.slice(0, 10);
  let file = path.join(directory, `${day}.json`);
  if (fs.existsSync(file))
    file = path.join(directory, `${day}T${result.date.slice(11, 19).replaceAll(':', '')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
