/** Plain and HTML bodies of one transactional mail, built from the same parts. */
export type EmailContent = {
  /** One line some clients show beside the subject. */
  preheader: string;
  heading: string;
  greeting: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Small print under the button (expiry, "ignore this mail if…"). */
  notes: readonly string[];
};

export type RenderedEmail = { text: string; html: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Names come from sign-up forms: everything interpolated into HTML is escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...content.notes.flatMap((note) => [note, '']),
    '— The Keel team',
    'Keel is not a bank and deposits are not FDIC insured.',
  ].join('\n');

  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(paragraph)}</p>`)
    .join('');
  const action = content.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#0f766e">` +
      `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a>` +
      `</td></tr></table>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#6b7280">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const notes = content.notes
    .map((note) => `<p style="margin:0 0 12px;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(note)}</p>`)
    .join('');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0f766e">Keel</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(content.greeting)}</p>
${paragraphs}${action}${notes}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;line-height:18px;color:#9ca3af">Keel is not a bank and deposits are not FDIC insured.</p>
</td></tr></table>
</body></html>`;
  return { text, html };
}
