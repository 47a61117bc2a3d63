import type { Config } from '../../platform/config';
import { createOfflineProvider } from './offline';
import type { AiProvider } from './provider';

/** The provider the configuration names; the OpenAI SDK loads only when it is chosen. */
export async function openAiProvider(config: Config['ai']): Promise<AiProvider> {
  if (config.provider !== 'openai') return createOfflineProvider();
  const { createOpenAiProvider } = await import('./openai');
  return createOpenAiProvider({
    apiKey: config.apiKey,
    ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    textModel: config.textModel,
    imageModel: config.imageModel,
  });
}
