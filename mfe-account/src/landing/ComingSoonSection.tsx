// Coming soon, with a newsletter box that sends nothing (spec 01 §2.5, §5: typed email, no handling).
import { Button } from '@studio/kit';
import { Input, Label } from '@studio/kit/widgets';
import { LANDING } from '../texts';
import { FeatureGrid, Section } from './Section';

export function ComingSoonSection() {
  return (
    <Section id="coming-soon" title={LANDING.comingSoon.title} intro={LANDING.comingSoon.intro} tinted>
      <FeatureGrid items={LANDING.comingSoon.features} />
      <form
        aria-label="Newsletter"
        // The spec's newsletter has no handling: keep the page where it is and send nothing.
        onSubmit={(event) => event.preventDefault()}
        css={{
          display: 'grid',
          gap: 8,
          width: '100%',
          maxWidth: 480,
          margin: '0 auto',
        }}
      >
        <Label htmlFor="newsletter-email">{LANDING.comingSoon.newsletterLabel}</Label>
        <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <div css={{ flex: '1 1 220px', minWidth: 0 }}>
            <Input
              id="newsletter-email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder={LANDING.comingSoon.newsletterPlaceholder}
            />
          </div>
          <Button type="submit" css={{ flex: '0 0 auto' }}>
            {LANDING.comingSoon.subscribe}
          </Button>
        </div>
      </form>
    </Section>
  );
}
