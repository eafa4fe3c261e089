import type { PasskeySummary } from '@keel/core/auth-api';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A passkey row as the settings page lists it: never its public key or credential id. */
export function passkeySummaryOf(value: unknown): PasskeySummary | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  const created = value.createdAt instanceof Date || typeof value.createdAt === 'string' ? new Date(value.createdAt) : null;
  return {
    id: value.id,
    name: typeof value.name === 'string' && value.name !== '' ? value.name : 'Passkey',
    createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : new Date(0).toISOString(),
    backedUp: value.backedUp === true,
  };
}
