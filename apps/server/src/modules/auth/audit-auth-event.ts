import type { AuditEvent } from '../../lib/audit-log.js';
import type { AppDeps } from '../../deps.js';
import type { AuthRequest } from './better-auth-pass-through.js';

/** One security_audit_log row for an auth flow, with the request's IP and user agent. */
export function auditAuthEvent(
  deps: Pick<AppDeps, 'audit'>,
  request: AuthRequest,
  event: Omit<AuditEvent, 'ipAddress' | 'userAgent'>,
): Promise<void> {
  return deps.audit.record({ ...event, ipAddress: request.clientIp, userAgent: request.userAgent });
}
