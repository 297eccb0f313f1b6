// Placeholder app icons served by the sandbox, so result lists show artwork offline: a rounded
// square in a colour drawn from the app id with the app's initials.
import type { CatalogueApp } from '../model/catalogue.js';
import { hash } from '../model/hash.js';

export function artworkSvg(app: CatalogueApp, size: number): string {
  const hue = hash(app.adamId, 312) % 360;
  const initials = app.name
    .split(' ')
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" rx="22" fill="hsl(${hue},60%,45%)"/>` +
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="40" fill="#fff">${initials}</text>` +
    `</svg>`
  );
}
