import type { Database } from '../db/client.js';
import { securityAuditLog } from '../db/schema.js';
import type { Logger } from './logger.js';

export type AuditEvent = {
  userId: string | null;
  action: string;
  success: boolean;
  metadata?: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
};

export type AuditLog = { record: (event: AuditEvent) => Promise<void> };

/** Writes security_audit_log rows. A failed write is logged and never breaks the user's action. */
export function createAuditLog(db: Database, logger: Logger): AuditLog {
  return {
    async record(event) {
      try {
        await db.insert(securityAuditLog).values({
          userId: event.userId,
          action: event.action,
          success: event.success,
          metadata: event.metadata ?? {},
          ipAddress: event.ipAddress,
          userAgent: event.userAgent?.slice(0, 512) ?? null,
        });
      } catch (error) {
        logger.error({ err: error, action: event.action }, 'audit log write failed');
      }
    },
  };
}
