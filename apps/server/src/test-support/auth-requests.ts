import type { TestApp } from './test-app.js';

/** Tiny request helpers for the auth tests: JSON bodies from Keel's own origin. */
export function postJson(
  t: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
  env?: { incoming?: unknown },
) {
  return t.app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.config.appUrl, ...headers },
      body: JSON.stringify(body),
    },
    env,
  );
}

/** What @hono/node-server passes as env: the socket, whose address is the client IP. */
export function fromSocket(address: string) {
  return { incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } };
}

/** Mail is enqueued by the request and sent by the outbox worker: deliver what is due, then read the dev outbox. */
export async function lastMailTo(t: TestApp, email: string, subject: RegExp) {
  await t.deps.mailOutbox.drain();
  const outbox = t.deps.mailer.outbox ?? [];
  return [...outbox].reverse().find((mail) => mail.to === email && subject.test(mail.subject));
}

export async function mailsTo(t: TestApp, email: string) {
  await t.deps.mailOutbox.drain();
  return (t.deps.mailer.outbox ?? []).filter((mail) => mail.to === email);
}
