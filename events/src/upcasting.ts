import type { Event } from './envelope';

/**
 * Old events stay in the log as written; readers see the current shape. An upcaster lifts
 * `data` of one type from `fromVersion` to `fromVersion + 1`; they are chained until current.
 */
export type Upcaster = (data: unknown) => unknown;

export interface UpcasterRegistry {
  /** current schema version per event type (1 when absent) */
  current: Record<string, number>;
  /** upcasters[type][v] lifts data from version v to v + 1 */
  upcasters: Record<string, Record<number, Upcaster>>;
}

export const CURRENT_SCHEMA_VERSION = 1;

/** The registry in force. Empty today: every event type is at version 1. */
export const upcasterRegistry: UpcasterRegistry = { current: {}, upcasters: {} };

export function currentVersion(type: string, registry: UpcasterRegistry = upcasterRegistry): number {
  return registry.current[type] ?? CURRENT_SCHEMA_VERSION;
}

export function upcast<E extends Event>(event: E, registry: UpcasterRegistry = upcasterRegistry): E {
  const target = currentVersion(event.type, registry);
  let version = event.metadata.schemaVersion;
  if (version >= target) return event;
  let data: unknown = event.data;
  const chain = registry.upcasters[event.type] ?? {};
  while (version < target) {
    const lift = chain[version];
    if (!lift) throw new Error(`No upcaster for ${event.type} from schema version ${version}`);
    data = lift(data);
    version += 1;
  }
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } } as E;
}
