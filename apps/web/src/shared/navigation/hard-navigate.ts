/**
 * Leaves the page for another path with a full reload, for the spec's "go to ... and reload"
 * (switching organisation, impersonating, an ended session) so no state of the old session stays.
 */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
