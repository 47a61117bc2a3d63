import { runEmbedded } from '../main/embedded';
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
runEmbedded(process.env, overrides);
