// Placeholder app icons, so result lists show artwork offline: a rounded square in a colour drawn
// from the app id with the app's initials. Sent inline as data: URLs, because the web app's
// Content-Security-Policy loads images only from itself, data: and https:, not from the sandbox.
import type { CatalogueApp } from '../model/catalogue.js';
import { hash } from '../model/hash.js';

export function artworkSvg(app: CatalogueApp, size: number): string {
  const hue = hash(app.adamId, 312) % 360;
  // Letters and digits only, so the name never needs escaping in the SVG.
  const initials = app.name
    .split(' ')
    .map((word) => word.charAt(0))
    .filter((initial) => /[\p{L}\p{N}]/u.test(initial))
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

/** The icon as a `data:image/svg+xml;base64,…` URL (under 600 characters). */
export function artworkDataUrl(app: CatalogueApp, size: number): string {
  return `data:image/svg+xml;base64,${Buffer.from(artworkSvg(app, size)).toString('base64')}`;
}
