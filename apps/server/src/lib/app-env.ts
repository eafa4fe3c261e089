import type { Logger } from './logger.js';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/** Per-request values that middleware sets for handlers. */
export type AppEnv = {
  Variables: {
    requestId: string;
    clientIp: string | null;
    logger: Logger;
    user: SessionUser | null;
    /** The signed-in session's id (wallet-link nonces are bound to it), or null. */
    sessionId: string | null;
  };
};
