import type { SessionUser } from '@keel/core/auth-api';
import type { Logger } from './logger.js';

export type { SessionUser };

/** Per-request values that middleware sets for handlers. */
export type AppEnv = {
  /**
   * What @hono/node-server passes: the Node request (and response). Unknown on
   * purpose: app.request() in tests passes nothing or a stand-in, so readers
   * check what they got (middleware/json-body.ts).
   */
  Bindings: { incoming?: unknown } | undefined;
  Variables: {
    requestId: string;
    clientIp: string | null;
    logger: Logger;
    user: SessionUser | null;
    /** The signed-in session's id (wallet-link nonces are bound to it), or null. */
    sessionId: string | null;
  };
};

declare module 'node:http' {
  // A body read and checked before the routes (middleware/json-body.ts): @hono/node-server
  // serves it to the web Request's text()/json()/body instead of reading the socket again.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- adding a field to Node's type needs declaration merging
  interface IncomingMessage {
    rawBody?: Buffer;
  }
}
