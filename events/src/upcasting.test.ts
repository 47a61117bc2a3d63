import type { Event } from './envelope';
import { type UpcasterRegistry, upcast } from './upcasting';

const meta = (schemaVersion: number) => ({
  correlationId: 'c',
  causationId: 'c',
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion,
});

describe('upcast', () => {
  const registry: UpcasterRegistry = {
    current: { NameSet: 3 },
    upcasters: {
      NameSet: {
        1: (d) => ({ fullName: (d as { name: string }).name }),
        2: (d) => ({ ...(d as object), locale: 'en-US' }),
      },
    },
  };

  it('chains upcasters from the stored version to the current one', () => {
    const old: Event = { eventId: '1', type: 'NameSet', data: { name: 'Ada' }, metadata: meta(1) };
    const lifted = upcast(old, registry);
    expect(lifted.data).toEqual({ fullName: 'Ada', locale: 'en-US' });
    expect(lifted.metadata.schemaVersion).toBe(3);
  });

  it('leaves current events untouched', () => {
    const current: Event = { eventId: '2', type: 'NameSet', data: { fullName: 'Bo' }, metadata: meta(3) };
    expect(upcast(current, registry)).toBe(current);
  });

  it('refuses a gap in the chain instead of passing old data on', () => {
    const broken: UpcasterRegistry = { current: { X: 2 }, upcasters: {} };
    const e: Event = { eventId: '3', type: 'X', data: {}, metadata: meta(1) };
    expect(() => upcast(e, broken)).toThrow('No upcaster for X from schema version 1');
  });
});
