// Event History: a user's account stream, newest first, for fixing subscriptions by hand.
import { Alert, Badge, Button, Card, theme } from '@studio/kit';
import { Field, Input } from '@studio/kit/widgets';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { findUsersByEmail, userEvents } from '../api/admin';
import { errorText } from '../api/error-text';
import type { StreamEvent } from '../api/types';
import { dateTime } from '../common/format';
import { ADMIN } from '../texts';
import { dataRows, eventTitle } from './event-view';

class UserNotFound extends Error {}

async function loadHistory(who: string): Promise<{ who: string; events: StreamEvent[] }> {
  let userId = who;
  if (who.includes('@')) {
    const [user] = await findUsersByEmail(who);
    if (!user) throw new UserNotFound(ADMIN.events.notFound);
    userId = user.id;
  }
  return { who, events: await userEvents(userId) };
}

export function EventHistoryTab() {
  const [who, setWho] = useState('');
  const history = useMutation({ mutationFn: loadHistory });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (who.trim()) history.mutate(who.trim());
  };

  return (
    <div css={{ display: 'grid', gap: 16 }}>
      <Card>
        <p>{ADMIN.events.text}</p>
        <form
          aria-label={ADMIN.tabs.events}
          onSubmit={submit}
          css={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
        >
          <div css={{ flex: '1 1 260px', minWidth: 0 }}>
            <Field label={ADMIN.events.label}>
              <Input value={who} onChange={(e) => setWho(e.target.value)} />
            </Field>
          </div>
          <Button type="submit" disabled={history.isPending}>
            {history.isPending ? ADMIN.events.loading : ADMIN.events.submit}
          </Button>
        </form>
      </Card>
      {history.isError && <Alert tone="danger">{errorText(history.error, ADMIN.events.notFound)}</Alert>}
      {history.isSuccess &&
        (history.data.events.length === 0 ? (
          <p css={{ color: theme.colors.textMuted }}>{ADMIN.events.empty}</p>
        ) : (
          <section aria-labelledby="event-count" css={{ display: 'grid', gap: 10 }}>
            <h2 id="event-count" css={{ fontSize: theme.fontSizes.lg, fontWeight: 700 }}>
              {ADMIN.events.count(history.data.events.length, history.data.who)}
            </h2>
            <ol reversed css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
              {history.data.events.map((event) => (
                <EventItem key={`${event.revision}-${event.position}`} event={event} />
              ))}
            </ol>
          </section>
        ))}
    </div>
  );
}

function EventItem({ event }: { event: StreamEvent }) {
  const rows = dataRows(event.data);
  return (
    <li
      data-testid="stream-event"
      css={{
        display: 'grid',
        gap: 8,
        padding: 14,
        borderRadius: theme.radii.md,
        border: `1px solid ${theme.colors.border}`,
        background: theme.colors.surface,
        minWidth: 0,
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Badge tone="neutral">
          {ADMIN.events.revision} {event.revision}
        </Badge>
        <strong>{eventTitle(event.type)}</strong>
        <code css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}>{event.type}</code>
        <time
          dateTime={event.occurredAt}
          css={{ marginLeft: 'auto', fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }}
        >
          {dateTime(event.occurredAt, event.occurredAt)}
        </time>
      </div>
      {rows.length > 0 && (
        <dl
          css={{
            margin: 0,
            display: 'grid',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            gap: '2px 12px',
            fontSize: theme.fontSizes.xs,
          }}
        >
          {rows.map(([key, value]) => (
            <div key={key} css={{ display: 'contents' }}>
              <dt css={{ color: theme.colors.textMuted }}>{key}</dt>
              <dd css={{ margin: 0, fontFamily: theme.fonts.mono, overflowWrap: 'anywhere' }}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {event.correlationId && (
        <p css={{ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted, overflowWrap: 'anywhere' }}>
          {ADMIN.events.correlation}: <code>{event.correlationId}</code> · {ADMIN.events.position}{' '}
          {String(event.position)}
        </p>
      )}
    </li>
  );
}
