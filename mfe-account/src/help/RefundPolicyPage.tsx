// /refund-policy (docs/product/accounts-billing-admin.md (Screens and routes: Help and refund pages)): no refund once credits are used. Readable signed in and out.
import { Card, theme } from '@studio/kit';
import { FramedPage } from '../common/FramedPage';
import { Page } from '../common/Page';
import { REFUND } from '../texts';

export default function RefundPolicyPage() {
  return (
    <FramedPage>
      <Page title={REFUND.pageTitle} maxWidth={820}>
        <Card>
          <div css={{ display: 'grid', gap: 18 }}>
            {REFUND.sections.map((section) => (
              <section key={section.title} css={{ display: 'grid', gap: 4 }}>
                <h2 css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>{section.title}</h2>
                <p css={{ fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }}>{section.text}</p>
              </section>
            ))}
          </div>
        </Card>
      </Page>
    </FramedPage>
  );
}
