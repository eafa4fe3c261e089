import pino from 'pino';

/** Keys whose values never reach a log line, wherever they appear. */
const REDACT = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.authorization',
  '*.cookie',
  'req.headers.cookie',
  'req.headers.authorization',
];

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
  });
}
