/**
 * The demo's verified account, made through the public API as a person would:
 * sign up, then open the verification link from the dev outbox.
 */

export type DemoAccount = { name: string; email: string; password: string };

type OutboxMessage = { to: string; subject: string; links: string[] };

async function findVerificationLink(appUrl: string, email: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${appUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    if (!response.ok) throw new Error(`the dev outbox answered ${response.status} (is DEV_OUTBOX=1 set?)`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const link = messages.flatMap((message) => message.links).find((candidate) => candidate.includes('/api/auth/verify-email'));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no verification mail for ${email} in the dev outbox`);
}

export async function createVerifiedAccount(appUrl: string, account: DemoAccount): Promise<void> {
  const signUp = await fetch(`${appUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify(account),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const link = await findVerificationLink(appUrl, account.email, 15_000);
  const verified = await fetch(link, { redirect: 'manual' });
  const location = verified.headers.get('location') ?? '';
  if (verified.status !== 302 || location.includes('error')) {
    throw new Error(`verifying the demo account failed (${verified.status} ${location})`);
  }
}

/** Signs in and answers the session cookie (for the demo's own checks and tests). */
export async function signIn(appUrl: string, account: Pick<DemoAccount, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .find((value) => value.includes('session_token='));
  if (!cookie) throw new Error('sign-in set no session cookie');
  return cookie;
}
