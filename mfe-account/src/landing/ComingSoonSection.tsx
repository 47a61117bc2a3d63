// Coming soon, with the newsletter box (docs/product/accounts-billing-admin.md (Screens and routes: Landing page; Validation): a typed email input; this product adds the
// handling: the address is stored by POST /api/newsletter and the box says so).
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, NEWSLETTER_MESSAGES } from '@studio/events/rules';
import { apiJson, Button, theme } from '@studio/kit';
import { Input, Label } from '@studio/kit/widgets';
import { type FormEvent, useState } from 'react';
import { errorText } from '../api/error-text';
import { LANDING } from '../texts';
import { FeatureGrid, Section } from './Section';

type Outcome = { tone: 'success' | 'danger'; text: string } | null;

export function ComingSoonSection() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Uncontrolled input: what the visitor typed into the prerendered page is carried over as is.
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) {
      setOutcome({ tone: 'danger', text: NEWSLETTER_MESSAGES.emailRequired });
      return;
    }
    // The server's rule, checked here first (without loading yup on the landing page).
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
      setOutcome({ tone: 'danger', text: NEWSLETTER_MESSAGES.email });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const reply = await apiJson<{ message: string }>('POST', '/api/newsletter', { email });
      setOutcome({ tone: 'success', text: reply.message });
    } catch (error) {
      setOutcome({ tone: 'danger', text: errorText(error, LANDING.comingSoon.failed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section id="coming-soon" title={LANDING.comingSoon.title} intro={LANDING.comingSoon.intro} tinted>
      <FeatureGrid items={LANDING.comingSoon.features} />
      <form
        id="newsletter"
        aria-label="Newsletter"
        // The server's messages are clearer than the browser's bubble and name the same rules.
        noValidate
        onSubmit={onSubmit}
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
              aria-invalid={outcome?.tone === 'danger' || undefined}
              aria-describedby="newsletter-status"
            />
          </div>
          <Button type="submit" aria-busy={busy || undefined} disabled={busy} css={{ flex: '0 0 auto' }}>
            {busy ? LANDING.comingSoon.subscribing : LANDING.comingSoon.subscribe}
          </Button>
        </div>
        {/* Always in the page, one line tall, so a message never moves what is below it. */}
        <p
          id="newsletter-status"
          role="status"
          css={{
            minHeight: '1.5em',
            lineHeight: 1.5,
            fontSize: theme.fontSizes.sm,
            fontWeight: 500,
            color: outcome?.tone === 'danger' ? theme.colors.danger : theme.colors.success,
          }}
        >
          {outcome?.text}
        </p>
      </form>
    </Section>
  );
}
