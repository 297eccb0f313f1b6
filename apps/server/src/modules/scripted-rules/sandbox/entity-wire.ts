// How a read's entities cross into the guest: one JSON text of rows, not of objects. QuickJS parses
// arrays of values much faster than objects with keys, and the guest builds each entity from a row
// (a fixed field order, then the metrics of the row's metric-key shape).
import type { ScriptEntity } from '@tapwise/contracts';

/** ScriptEntity's fields but metrics, in the order a row holds them. */
export const ENTITY_FIELDS = [
  'level',
  'id',
  'name',
  'status',
  'adAccountId',
  'adamId',
  'campaignId',
  'adGroupId',
  'keywordId',
  'text',
  'currency',
  'bid',
  'dailyBudget',
] as const satisfies readonly Exclude<keyof ScriptEntity, 'metrics'>[];

/** A metric's name, as the guest writes it into an object literal ("__proto__" would set the prototype). */
const METRIC_KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/** Only these fields cross: nothing else the host's objects carry reaches the script. */
export function encodeEntities(entities: ScriptEntity[]): string {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const rows = entities.map((entity) => {
    const keys = Object.keys(entity.metrics).filter((key) => METRIC_KEY.test(key));
    const signature = keys.join(',');
    let shape = shapeIndex.get(signature);
    if (shape === undefined) {
      shape = shapes.push(keys) - 1;
      shapeIndex.set(signature, shape);
    }
    return [
      shape,
      ...ENTITY_FIELDS.map((field) => entity[field]),
      ...keys.map((key) => entity.metrics[key]),
    ];
  });
  return JSON.stringify({ shapes, rows });
}
