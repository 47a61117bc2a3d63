// Build step after `rspack build`: renders the public pages (landing, pricing, auth, help, refund
// policy) to HTML with React's server renderer and the very components the remote ships, so a
// visitor sees the page before any JavaScript runs. Writes dist/prerendered/*.html (body markup
// with Emotion's <style> tags inline) and dist/prerendered.json (path → file, title); the server
// (services/src/platform/http/frontends.ts) puts them into the shell's index.html, and the shell
// swaps them for the live app once the route's screen has rendered.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AuthProvider,
  createQueryClient,
  documentTitle,
  emotionCache,
  StudioThemeProvider,
  USER_QUERY_KEY,
} from '@studio/kit';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import AuthPage from '../src/auth/AuthPage';
import PublicHelpPage from '../src/help/PublicHelpPage';
import RefundPolicyPage from '../src/help/RefundPolicyPage';
import LandingPage from '../src/landing/LandingPage';
import PricingPage from '../src/pricing/PricingPage';
import { routes } from '../src/routes';
import { PRERENDERED_DIR, PRERENDERED_INDEX, type PrerenderedPage } from './prerendered-index';

/** Paths rendered at build time, with the screen a signed-out visitor sees there. */
const PAGES: Record<string, ComponentType> = {
  '/': LandingPage,
  '/pricing': PricingPage,
  '/auth': AuthPage,
  '/help': PublicHelpPage,
  '/help-support-page': PublicHelpPage,
  '/refund-policy': RefundPolicyPage,
};

/**
 * The CSP allows no style attribute in served HTML (only nonced <style> tags), so the few that
 * libraries write (Radix's CSS variables, a tab panel's outline) are dropped; the live app sets
 * them through the DOM, which the policy allows.
 */
const withoutStyleAttributes = (html: string) => html.replace(/ style="[^"]*"/g, '');

function render(path: string, Screen: ComponentType): string {
  // Emotion writes a rule's <style> only the first time its cache sees it: each page starts afresh.
  for (const name of Object.keys(emotionCache.inserted)) delete emotionCache.inserted[name];
  const queryClient = createQueryClient();
  // A visitor: the session answer is "nobody", as a signed-out browser would get.
  queryClient.setQueryData(USER_QUERY_KEY, null);
  return withoutStyleAttributes(
    renderToString(
      <StudioThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <StaticRouter location={path}>
              <Screen />
            </StaticRouter>
          </AuthProvider>
        </QueryClientProvider>
      </StudioThemeProvider>,
    ),
  );
}

const dist = join(import.meta.dirname, '..', 'dist');
mkdirSync(join(dist, PRERENDERED_DIR), { recursive: true });
const index: Record<string, PrerenderedPage> = {};
for (const [path, Screen] of Object.entries(PAGES)) {
  const route = routes.find((r) => r.path === path);
  if (!route) throw new Error(`prerender: ${path} is not a route of the account remote`);
  const file = `${PRERENDERED_DIR}/${path === '/' ? 'index' : path.slice(1)}.html`;
  writeFileSync(join(dist, file), render(path, Screen));
  index[path] = { file, title: documentTitle(route) };
}
writeFileSync(join(dist, PRERENDERED_INDEX), JSON.stringify(index, null, 2));
console.log(`prerendered ${Object.keys(index).length} pages into ${join(dist, PRERENDERED_DIR)}`);
