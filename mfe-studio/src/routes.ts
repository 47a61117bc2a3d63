// The studio remote's routes: one per tool of the registry (./registry.ts), its path the
// contract's screen and its nav entry in registry order. The build
// publishes this list as routes.json.
import { TOOL_CATALOG } from '@studio/events/catalog';
import type { NavEntry, RemoteRoute, ScreenOf } from '@studio/kit';
import { STUDIO_TOOLS, type StudioKind, type StudioScreenName } from './registry';

const kinds = Object.keys(STUDIO_TOOLS) as StudioKind[];

/** Position inside its nav section, in steps of 10 after the section's own first entry (Dashboard). */
const orderOf = (kind: StudioKind): number => {
  const section = STUDIO_TOOLS[kind].nav.section;
  const before = kinds.slice(0, kinds.indexOf(kind)).filter((k) => STUDIO_TOOLS[k].nav.section === section);
  return (section === 'Main' ? 20 : 10) + before.length * 10;
};

export const routes: readonly RemoteRoute<StudioScreenName>[] = kinds.map((kind) => {
  const { screen, nav } = STUDIO_TOOLS[kind];
  const entry: NavEntry = {
    section: nav.section,
    label: TOOL_CATALOG[kind].name,
    icon: nav.icon,
    order: orderOf(kind),
    ...('badge' in nav ? { badge: nav.badge } : {}),
  };
  return { path: TOOL_CATALOG[kind].screen, screen, access: 'signed-in', nav: entry };
});

export type StudioScreen = ScreenOf<typeof routes>;
