import { LANDING } from '../texts';
import { FeatureGrid, Section } from './Section';

export function ColoringSection() {
  return (
    <Section id="coloring-books" title={LANDING.coloring.title} intro={LANDING.coloring.intro} tinted>
      <FeatureGrid items={LANDING.coloring.features} />
    </Section>
  );
}
