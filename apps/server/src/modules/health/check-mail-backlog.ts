import type { MailBacklog, MailOutbox } from '../../mail/mail-outbox.js';
import { READINESS_TTL_MS } from './check-database.js';

/**
 * The mail outbox's backlog, counted at most once a second however often /api/health is polled
 * (one count shared by the checks of that second). Null when the count fails: health still answers.
 */
export function createMailBacklogCheck(
  outbox: Pick<MailOutbox, 'backlog'>,
  now: () => number,
): () => Promise<MailBacklog | null> {
  let last: { backlog: MailBacklog | null; at: number } | null = null;
  let inFlight: Promise<MailBacklog | null> | null = null;
  return () => {
    if (last && now() - last.at < READINESS_TTL_MS) return Promise.resolve(last.backlog);
    inFlight ??= outbox
      .backlog()
      .catch(() => null)
      .then((backlog) => {
        last = { backlog, at: now() };
        inFlight = null;
        return backlog;
      });
    return inFlight;
  };
}
