// AI costs: what the AI provider cost for a period's jobs, by tool and by user, beside the credits
// they were charged and what those credits brought in, and the jobs that cost more than their price.
import { Alert, Button, Card, theme } from '@studio/kit';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type AiCostLine, aiCosts } from '../api/admin';
import { errorText } from '../api/error-text';
import { ADMIN } from '../texts';

const T = ADMIN.aiCosts;
/** Cents for dollars; a call costs fractions of a cent, so small amounts keep four places. */
const usd = (value: number) =>
  value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.abs(value) >= 1 ? 2 : 4,
  });
const day = (date: Date) => date.toISOString().slice(0, 10);

export function AiCostsTab() {
  const [period, setPeriod] = useState(() => {
    const to = new Date(Date.now() + 86_400_000);
    return { from: day(new Date(to.getTime() - 31 * 86_400_000)), to: day(to) };
  });
  const [draft, setDraft] = useState(period);
  const report = useQuery({ queryKey: ['/api/admin/ai-costs', period], queryFn: () => aiCosts(period) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(draft);
  };
  return (
    <Card>
      <p>{T.text}</p>
      <form onSubmit={submit} css={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'end' }}>
        {(['from', 'to'] as const).map((field) => (
          <label key={field} css={{ display: 'grid', gap: 4, fontSize: theme.fontSizes.sm }}>
            {T[field]}
            <input
              type="date"
              required
              value={draft[field]}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
              css={{
                padding: '6px 8px',
                border: `1px solid ${theme.colors.border}`,
                borderRadius: theme.radii.md,
              }}
            />
          </label>
        ))}
        <Button type="submit" variant="outline">
          {T.show}
        </Button>
      </form>
      {report.isPending && <p role="status">{T.loading}</p>}
      {report.isError && (
        <Alert tone="danger" title={T.failed}>
          {errorText(report.error, T.failed)}
        </Alert>
      )}
      {report.isSuccess && (
        <>
          <p role="status" css={{ fontWeight: 600 }}>
            {T.total(
              report.data.total.jobs,
              usd(report.data.total.costUsd),
              usd(report.data.total.revenueUsd),
              usd(report.data.total.marginUsd),
            )}
          </p>
          {report.data.jobsAtNoCost > 0 && (
            <p css={{ color: theme.colors.textMuted }}>{T.noCost(report.data.jobsAtNoCost)}</p>
          )}
          <CostTable
            caption={T.byTool}
            name={T.tool}
            lines={report.data.byTool.map((l) => ({ ...l, name: l.tool ?? '' }))}
          />
          <CostTable
            caption={T.byUser}
            name={T.user}
            lines={report.data.byUser.map((l) => ({ ...l, name: l.userId ?? '' }))}
          />
          <section aria-labelledby="over-price" css={{ display: 'grid', gap: 6 }}>
            <h3 id="over-price" css={{ fontSize: theme.fontSizes.md }}>
              {T.overPrice}
            </h3>
            {report.data.overPrice.length === 0 ? (
              <p css={{ color: theme.colors.textMuted }}>{T.noneOverPrice}</p>
            ) : (
              <ul css={{ margin: 0, paddingLeft: 18, display: 'grid', gap: 4 }}>
                {report.data.overPrice.map((job) => (
                  <li key={job.generationId} css={{ overflowWrap: 'anywhere' }}>
                    {T.overPriceJob(job.tool, job.generationId, usd(job.costUsd), usd(job.revenueUsd))}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Card>
  );
}

function CostTable({
  caption,
  name,
  lines,
}: {
  caption: string;
  name: string;
  lines: Array<AiCostLine & { name: string }>;
}) {
  if (lines.length === 0) return null;
  const cell = { padding: '6px 8px', textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
  return (
    // Scrolls sideways on a phone; focusable so that a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
    <section tabIndex={0} aria-label={caption} css={{ overflowX: 'auto', maxWidth: '100%' }}>
      <table css={{ borderCollapse: 'collapse', width: '100%', fontSize: theme.fontSizes.sm }}>
        <caption css={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>{caption}</caption>
        <thead>
          <tr css={{ borderBottom: `1px solid ${theme.colors.border}` }}>
            <th scope="col" css={{ ...cell, textAlign: 'left' }}>
              {name}
            </th>
            {[T.jobs, T.credits, T.revenue, T.cost, T.margin].map((h) => (
              <th key={h} scope="col" css={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.name} css={{ borderBottom: `1px solid ${theme.colors.border}` }}>
              <th
                scope="row"
                css={{
                  ...cell,
                  textAlign: 'left',
                  fontWeight: 400,
                  overflowWrap: 'anywhere',
                  whiteSpace: 'normal',
                }}
              >
                {line.name}
              </th>
              <td css={cell}>{line.jobs}</td>
              <td css={cell}>{line.credits}</td>
              <td css={cell}>{usd(line.revenueUsd)}</td>
              <td css={cell}>{usd(line.costUsd)}</td>
              <td css={{ ...cell, color: line.marginUsd < 0 ? theme.colors.danger : undefined }}>
                {usd(line.marginUsd)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
