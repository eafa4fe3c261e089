export type AttemptLimit = { max: number; windowMs: number };

export type AttemptDecision = { allowed: boolean; attempts: number[] };

/**
 * The client-side per-email limit (sign-in 5 per 15 minutes, sign-up and reset
 * 3 per 30 minutes) over a list of attempt times: attempts older
 * than the window drop out; a new one is allowed (and recorded) only while fewer
 * than max remain. A refused attempt is not recorded, so waiting always helps.
 */
export function takeAttempt(previous: readonly number[], now: number, limit: AttemptLimit): AttemptDecision {
  const recent = previous.filter((at) => Number.isFinite(at) && at > now - limit.windowMs && at <= now);
  if (recent.length >= limit.max) return { allowed: false, attempts: recent };
  return { allowed: true, attempts: [...recent, now] };
}
