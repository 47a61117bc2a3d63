/** Stops the engine containers the global setup started, if any. */
export default async function globalTeardown(): Promise<void> {
  for (const container of globalThis.__ENGINE_CONTAINERS__ ?? []) await container.stop();
}
