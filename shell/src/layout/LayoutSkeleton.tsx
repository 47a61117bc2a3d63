// The signed-in frame drawn before the session answer and the layout chunk arrive: the sidebar
// (desktop) or top bar (mobile) at their final sizes, so the page does not jump when they load.
import { theme } from '@studio/kit';
import { SIDEBAR_WIDTH_PX, TOP_BAR_HEIGHT_PX } from './dimensions';

const bar = (width: string | number) => ({
  height: 12,
  width,
  borderRadius: theme.radii.sm,
  background: theme.colors.surfaceMuted,
});

export function LayoutSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your session" role="status" data-testid="layout-skeleton">
      <div
        css={{
          position: 'fixed',
          inset: '0 auto 0 0',
          width: SIDEBAR_WIDTH_PX,
          background: theme.colors.surface,
          borderRight: `1px solid ${theme.colors.border}`,
          padding: '22px 16px',
          display: 'grid',
          alignContent: 'start',
          gap: 18,
          [theme.media.mobile]: { display: 'none' },
        }}
      >
        <div css={bar('60%')} />
      </div>
      <div
        css={{
          display: 'none',
          [theme.media.mobile]: {
            display: 'block',
            position: 'fixed',
            inset: '0 0 auto 0',
            height: TOP_BAR_HEIGHT_PX,
            background: theme.colors.surface,
            borderBottom: `1px solid ${theme.colors.border}`,
          },
        }}
      />
      <div
        css={{
          marginLeft: SIDEBAR_WIDTH_PX,
          padding: 24,
          display: 'grid',
          gap: 16,
          [theme.media.mobile]: { marginLeft: 0, paddingTop: TOP_BAR_HEIGHT_PX + 24 },
        }}
      >
        <div css={{ ...bar('40%'), height: 24 }} />
        <div css={{ ...bar('70%') }} />
      </div>
    </div>
  );
}
