// Three plan cards side by side on wide screens, stacked on phones.
import type { ReactNode } from 'react';

export function PlanGrid({ children }: { children: ReactNode }) {
  return (
    <div
      css={{
        display: 'grid',
        gap: 20,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))',
        alignItems: 'stretch',
      }}
    >
      {children}
    </div>
  );
}
