// Route-level code splitting. A page's chunk that does not load in time fails, and the route's
// error element offers a reload instead of an endless spinner.
import { lazy, type ComponentType } from 'react';
import { withTimeout } from '../shared/chunks/with-timeout';

export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(() => withTimeout(load));
}
