// Help content shared by the public help page and the in-app one (docs/product/accounts-billing-admin.md (Screens and routes: Help and refund pages)):
// contact details, payment and refund policy, and six questions (one open at a time, or none).
import { Card, theme } from '@studio/kit';
import { Accordion } from '@studio/kit/widgets';
import { Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { HELP, HELP_FAQ, SUPPORT_EMAIL, SUPPORT_MAILTO } from '../texts';

const faq = HELP_FAQ.map((item, index) => ({ value: `help-${index}`, title: item.q, content: item.a }));

export function HelpContent() {
  const [before, after] = HELP.contactText.split(SUPPORT_EMAIL);
  return (
    <>
      <div
        css={{
          display: 'grid',
          gap: 20,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(300px, 100%), 1fr))',
        }}
      >
        <Card title={HELP.contactTitle} headingLevel={2}>
          <p css={{ fontSize: theme.fontSizes.sm }}>
            <Mail size={16} aria-hidden css={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {before}
            <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
            {after}
          </p>
        </Card>
        <Card title={HELP.paymentTitle} headingLevel={2}>
          <p css={{ fontSize: theme.fontSizes.sm }}>{HELP.paymentText}</p>
          <p css={{ fontSize: theme.fontSizes.sm }}>
            <Link to="/refund-policy">{HELP.refundLink}</Link>
          </p>
        </Card>
      </div>
      <section aria-labelledby="help-faq" css={{ display: 'grid', gap: 12 }}>
        <h2 id="help-faq" css={{ fontSize: theme.fontSizes.xl, fontWeight: 800 }}>
          {HELP.faqTitle}
        </h2>
        <Accordion items={faq} />
      </section>
    </>
  );
}
