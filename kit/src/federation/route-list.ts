// A remote's own routes: what it publishes as routes.json beside its mf-manifest.json (written at
// build time from the remote's src/routes.ts by kit/build/route-list-plugin.mjs). Types only, so
// a remote's routes.ts can be read by the build without loading React or the kit.
import type { RemoteName } from './remote-contract';

/** public: anyone, in the page's own public frame; any: anyone, inside the signed-in layout when
 * signed in and in the public frame otherwise (help, refund policy); signed-in: behind the auth
 * guard, in the layout; admin: signed-in, and its nav entry is shown to admins only (the server
 * enforces the rest). */
export type RouteAccess = 'public' | 'any' | 'signed-in' | 'admin';

/** The sidebar sections a nav entry may join; their order and headings are the shell's (docs/product/accounts-billing-admin.md (Screens and routes: Layout)). */
export type NavSectionName = 'Main' | 'My Content' | 'Account' | 'Legacy Models' | 'Admin';

export type NavBadge = 'Legacy' | 'Dev';

/** Icons by name; the shell's layout chunk maps them to components (shell/src/layout/nav-icons.ts). */
export type NavIconName =
  | 'BookOpen'
  | 'BookText'
  | 'Brush'
  | 'CircleHelp'
  | 'FileText'
  | 'Images'
  | 'LayoutDashboard'
  | 'Library'
  | 'Palette'
  | 'PenTool'
  | 'QrCode'
  | 'Settings'
  | 'Sparkles'
  | 'Tags'
  | 'User'
  | 'Wand2'
  | 'Wrench';

export interface NavEntry {
  section: NavSectionName;
  label: string;
  icon: NavIconName;
  /** Position inside the section, ascending; entries of several remotes interleave by it. */
  order: number;
  badge?: NavBadge;
  /** Only in the desktop sidebar or only in the mobile menu; absent: both. */
  menu?: 'desktop' | 'mobile';
}

export interface RemoteRoute<S extends string = string> {
  /** A react-router path, e.g. '/kids-book/:bookId'. */
  path: string;
  /** A key of the remote's './screens' map. */
  screen: S;
  access: RouteAccess;
  /**
   * The document title's first part ("Pricing" → "Pricing · AI Book Studio"); default: the nav
   * label. A route without a nav entry names one, so no screen is titled just "AI Book Studio".
   */
  title?: string;
  nav?: NavEntry;
}

/** The content of a remote's routes.json. */
export interface RouteList {
  remote: RemoteName;
  routes: readonly RemoteRoute[];
}

/** The file name, next to mf-manifest.json. */
export const ROUTE_LIST_FILE = 'routes.json';

/** The screen names a remote's route list uses: type its screens map with it. */
export type ScreenOf<Routes extends readonly RemoteRoute[]> = Routes[number]['screen'];
