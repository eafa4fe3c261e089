import { NOTIFICATION_LABELS } from '@keel/core/notifications';
import { paths } from '@keel/core/paths';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps.js';
import type { AppEnv } from '../../lib/app-env.js';
import { escapeHtml } from '../../mail/email-layout.js';
import { saveNotificationPreferences } from './notification-preferences.js';
import { UNSUBSCRIBE_PATH, verifyUnsubscribeToken, type UnsubscribeVerdict } from './unsubscribe-token.js';

type Page = {
  title: string;
  paragraphs: string[];
  form?: { action: string; label: string };
  link?: { label: string; url: string };
};

/** A page of its own, outside the web app: it must work from a mail client without JavaScript or a session. */
function renderPage(page: Page): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const form = page.form
    ? `<form method="post" action="${escapeHtml(page.form.action)}"><button type="submit">${escapeHtml(page.form.label)}</button></form>`
    : '';
  const link = page.link ? `<p><a href="${escapeHtml(page.link.url)}">${escapeHtml(page.link.label)}</a></p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.title)} — Keel</title>
<style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111827;line-height:1.5}
button{font:inherit;font-weight:600;padding:.75rem 1.5rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #0f766e;outline-offset:3px}a{color:#0f766e}</style></head>
<body><main><p><strong>Keel</strong></p><h1>${escapeHtml(page.title)}</h1>
${paragraphs}
${form}
${link}</main></body></html>`;
}

function refusal(c: Context<AppEnv>, verdict: Exclude<UnsubscribeVerdict, { ok: true }>, settingsUrl: string) {
  const title = verdict.reason === 'expired' ? 'This unsubscribe link has expired' : 'This unsubscribe link does not work';
  return c.html(
    renderPage({
      title,
      paragraphs: [
        'Nothing was changed.',
        'You can still choose which emails you get: sign in to Keel and open your notification settings.',
      ],
      link: { label: 'Open notification settings', url: settingsUrl },
    }),
    400,
  );
}

/**
 * /unsubscribe?token=…: the link in every notification mail. GET shows what it turns off and a confirm
 * button (mail scanners open links: a GET changes nothing); POST turns it off. The POST is also RFC 8058's
 * one-click unsubscribe, sent by the mail provider with no session and no Keel origin: it lives outside
 * /api, so the CSRF check never sees it, and the signed token (for one user and one kind) is its only
 * authority. Doing it twice changes nothing more.
 */
export function unsubscribeRoutes(deps: AppDeps) {
  const settingsUrl = `${deps.config.appUrl}${paths.notificationSettings}`;
  const verify = (c: Context<AppEnv>) => verifyUnsubscribeToken(deps.config.authSecret, c.req.query('token') ?? '', deps.now());
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const verdict = verify(c);
      if (!verdict.ok) return refusal(c, verdict, settingsUrl);
      const label = NOTIFICATION_LABELS[verdict.claim.kind].title;
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(c.req.query('token') ?? '')}`;
      return c.html(
        renderPage({
          title: `Stop “${label}” emails?`,
          paragraphs: [`You will no longer get “${label}” emails from Keel. Your other emails stay as they are.`],
          form: { action, label: 'Unsubscribe' },
          link: { label: 'Choose in your notification settings instead', url: settingsUrl },
        }),
      );
    })
    .post('/', async (c) => {
      const verdict = verify(c);
      if (!verdict.ok) return refusal(c, verdict, settingsUrl);
      const { userId, kind } = verdict.claim;
      await saveNotificationPreferences(deps.db, userId, { [kind]: false }, new Date(deps.now()));
      c.get('logger').info({ kind }, 'notification unsubscribed by link');
      const label = NOTIFICATION_LABELS[kind].title;
      return c.html(
        renderPage({
          title: 'You are unsubscribed',
          paragraphs: [`You will no longer get “${label}” emails from Keel. You can turn them back on at any time.`],
          link: { label: 'Open notification settings', url: settingsUrl },
        }),
      );
    });
}
