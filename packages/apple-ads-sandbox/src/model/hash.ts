// Stateless hashing: every simulated number derives from (seed, entity, day) so history is
// regenerated on demand instead of stored, and the same seed always gives the same market.

/** Mixes integers into a 32-bit unsigned hash (murmur3 finalizer per part). */
export function hash(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    // Split parts above 2^32 (ids) so no bits are lost.
    const low = part >>> 0;
    const high = Math.floor(part / 4294967296) >>> 0;
    h = mix(h ^ low);
    if (high !== 0) h = mix(h ^ high);
  }
  return h >>> 0;
}

function mix(value: number): number {
  let h = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Hash of a string, for keyword texts and names. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  }
  return mix(h);
}

/** A uniform float in [0, 1) from the parts. */
export function unit(...parts: number[]): number {
  return hash(...parts) / 4294967296;
}

/** A small sequential generator (mulberry32) seeded once per entity-day, cheaper than re-hashing. */
export function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(items: readonly T[], fraction: number): T {
  const item = items[Math.min(items.length - 1, Math.floor(fraction * items.length))];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A version-4-shaped UUID from the parts, for product pages and assets. */
export function uuidFrom(...parts: number[]): string {
  const hex = [0, 1, 2, 3]
    .map((part) =>
      hash(...parts, part)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
