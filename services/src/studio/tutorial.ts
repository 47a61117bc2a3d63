import type { RouteModule } from '../platform/http/app';
import type { CspSources } from '../platform/http/security-headers';

/**
 * docs/product/creation-tools-qr.md (Screens and routes): the non-fiction writer shows "an embedded tutorial video". The product ships no video
 * of its own and the CSP allows no foreign frame, so the video is the operator's choice:
 * TUTORIAL_VIDEO_URL (https) is embedded and its origin, only that one, joins frame-src; without it
 * the screen shows its written steps and no frame at all.
 */
export interface Tutorial {
  videoUrl: string | null;
}

export const TUTORIAL_PATH = '/api/studio/tutorial';

export function tutorialCsp(videoUrl: string | undefined): CspSources | undefined {
  return videoUrl ? { frame: [new URL(videoUrl).origin] } : undefined;
}

export function tutorialRoutes(videoUrl: string | undefined): RouteModule {
  return (router) => {
    router.get(TUTORIAL_PATH, (ctx) => {
      ctx.body = { videoUrl: videoUrl ?? null } satisfies Tutorial;
    });
  };
}
