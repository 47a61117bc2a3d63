// Every page its own document title, from its route (used by the shell and the prerender step).
import { PRODUCT_NAME } from '../brand';
import type { RemoteRoute } from './route-list';

/** "Pricing · AI Book Studio": the route's title, else its nav label, else the product name. */
export function documentTitle(route: Pick<RemoteRoute, 'title' | 'nav'>): string {
  const own = route.title ?? route.nav?.label;
  return own ? `${own} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}
