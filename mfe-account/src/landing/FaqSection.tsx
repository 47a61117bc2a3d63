// Six questions; the kit's Accordion is single and collapsible: one open at a time, or none.
import { Accordion } from '@studio/kit/widgets';
import { LANDING, LANDING_FAQ } from '../texts';
import { Section } from './Section';

const items = LANDING_FAQ.map((item, index) => ({ value: `faq-${index}`, title: item.q, content: item.a }));

export function FaqSection() {
  return (
    <Section id="faq" title={LANDING.faqTitle} tinted>
      <div css={{ maxWidth: 760, width: '100%', margin: '0 auto' }}>
        <Accordion items={items} />
      </div>
    </Section>
  );
}
