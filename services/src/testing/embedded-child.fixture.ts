import { startEmbedded, stopOnSignals } from '../main/embedded';
import { createOfflineProvider } from '../studio/ai/offline';

/**
 * Tests only: `npm start`'s embedded process as a child (spawn-embedded.ts), with the offline
 * provider slowed by AI_DELAY_MS so that jobs are in flight when the test signals or kills it.
 */
// AI_PROVIDER=openai (a fake OpenAI server's OPENAI_BASE_URL) uses the configured provider instead.
const overrides =
  process.env.AI_PROVIDER === 'openai'
    ? {}
    : { ai: createOfflineProvider({ delayMs: Number(process.env.AI_DELAY_MS ?? 0) }) };
startEmbedded(process.env, overrides)
  .then((embedded) => {
    console.log(`Studio is running at ${embedded.url}`);
    stopOnSignals(embedded);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
