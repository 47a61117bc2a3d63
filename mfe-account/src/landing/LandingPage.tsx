// The public landing page at / (docs/product/accounts-billing-admin.md (Screens and routes: Landing page)).
import { SkipLink, theme } from '@studio/kit';
import { ColoringSection } from './ColoringSection';
import { ComingSoonSection } from './ComingSoonSection';
import { FaqSection } from './FaqSection';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { LANDING_HEADER_HEIGHT_PX, LandingHeader } from './LandingHeader';
import { NonfictionSection } from './NonfictionSection';
import { PricingSection } from './PricingSection';

export default function LandingPage() {
  return (
    <div id="top" css={{ minHeight: '100vh', background: theme.colors.background }}>
      <SkipLink />
      <LandingHeader />
      <main id="main-content" tabIndex={-1} css={{ outline: 'none', paddingTop: LANDING_HEADER_HEIGHT_PX }}>
        <div
          css={{ maxWidth: 1200, margin: '0 auto', padding: 'clamp(32px, 6vw, 72px) clamp(16px, 4vw, 32px)' }}
        >
          <Hero />
        </div>
        <ColoringSection />
        <NonfictionSection />
        <ComingSoonSection />
        <PricingSection />
        <FaqSection />
      </main>
      <LandingFooter />
    </div>
  );
}
