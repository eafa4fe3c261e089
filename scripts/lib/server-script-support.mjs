// What the server's tool scripts (bench-server.mjs, fuzz-server.mjs) share: a throw-away
// PostgreSQL database, a verified account signed up through the API, and the error codes'
// statuses as the server defines them. Not used by the product or by CI's tests.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const LOCAL_POSTGRES = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A new database named `<prefix>_<random>` on TEST_DATABASE_URL's cluster (or the local one):
 * { name, url, drop }, or { error } when no PostgreSQL answers.
 */
export async function createPostgresDatabase(prefix) {
  const base = process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    return { error: `no PostgreSQL at ${base.replace(/:[^:@/]+@/, ':***@')} (${error.message})` };
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Signs an account up through the API and verifies it with the link from the dev outbox
 * (which writes each mail to DATA_DIR/outbox, also where /api/dev/outbox is not served):
 * the session cookie a browser would then send.
 */
export async function signUpVerified({ base, dataDir, name, email, password }) {
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name, email, password }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  let link;
  for (let attempt = 0; attempt < 200 && !link; attempt++) {
    const dir = path.join(dataDir, 'outbox');
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      if (mail.to === email) link = mail.links.find((candidate) => candidate.includes('/api/auth/verify-email'));
    }
    if (!link) await sleep(50);
  }
  if (!link) throw new Error('no verification mail in the dev outbox');
  const verified = await fetch(link, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error(`verification set no session cookie (${verified.status})`);
  return cookie;
}

/** ERROR_STATUS of apps/server/src/lib/app-error.ts (code → HTTP status), read from the source itself. */
export function serverErrorStatuses() {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/src/lib/app-error.ts');
  const source = readFileSync(file, 'utf8');
  const table = source.match(/export const ERROR_STATUS = \{([^}]*)\}/)?.[1];
  if (!table) throw new Error(`ERROR_STATUS not found in ${file}`);
  const statuses = Object.fromEntries(
    [...table.matchAll(/^\s*([A-Z_]+): (\d{3}),?$/gm)].map(([, code, status]) => [code, Number(status)]),
  );
  if (Object.keys(statuses).length === 0) throw new Error(`ERROR_STATUS in ${file} lists no code`);
  return statuses;
}
