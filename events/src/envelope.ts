/** The envelope every event travels in, from the decider to the store, the bus and the projectors. */
export interface EventMetadata {
  /** The user on whose behalf the event happened, when there is one. */
  userId?: string;
  /** Who acted, when not the user themself: an admin's userId, or 'operator'. */
  actorId?: string;
  /** Shared by every event caused, directly or not, by one user action. */
  correlationId: string;
  /** The event or command id that directly caused this one. */
  causationId: string;
  /** ISO-8601 instant, taken from the command (deciders never read the clock). */
  occurredAt: string;
  /** Version of the `data` shape; old versions are upcast when read. */
  schemaVersion: number;
}

export interface Event<Type extends string = string, Data = unknown> {
  eventId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/** An event as it comes back from the event store. */
export type RecordedEvent<E extends Event = Event> = E & {
  streamName: string;
  /** 0-based index of the event in its stream. */
  revision: number;
  /** Global, strictly increasing position in the whole log. */
  position: number;
};
