import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs; quiet under jest unless LOG_LEVEL says otherwise. */
export function createLogger(
  level = process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info'),
): Logger {
  return pino({ level, base: { service: 'studio' } });
}
