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

/** JSON lines to stdout, or to destination (tests read what would have been logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
