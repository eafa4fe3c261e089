import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Mail = { to: string; subject: string; text: string; links: string[] };

function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i] ?? '';
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Parses the text parts of a raw message well enough for tests: subject, body, links. */
export function parseMail(raw: string): Mail {
  const to = raw.match(/^X-Envelope-To: (.*)$/m)?.[1]?.trim() ?? '';
  const subjectLine = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)$/m)?.[1] ?? '';
  const subject = decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')).trim();
  // Split on the message's own boundaries only: a quoted-printable line may itself begin with "--" (a token's
  // base64url text wrapped there), and taking it for a boundary cut the link in two.
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => escapeRegExp(match[1] ?? ''));
  const parts = boundaries.length
    ? raw.split(new RegExp(`\\r?\\n--(?:${boundaries.join('|')})(?:--)?[ \\t]*(?:\\r?\\n|$)`))
    : [raw];
  const bodies = parts.map((part) => {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
    if (/content-transfer-encoding:\s*base64/i.test(head))
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  });
  const text = bodies.join('\n');
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [])].map((link) => link.replace(/&amp;/g, '&'));
  return { to, subject, text, links };
}

export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright (global setup)');
  return dir;
}

export function readMails(to?: string): Mail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => parseMail(readFileSync(path.join(dir, file), 'utf8')))
    .filter((mail) => !to || mail.to.toLowerCase().split(',').includes(to.toLowerCase()));
}

/** Waits for the newest mail to an address whose subject matches. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  options: { timeoutMs?: number; after?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const skip = options.after ?? 0;
  while (Date.now() < deadline) {
    const matching = readMails(to).filter((mail) => subject.test(mail.subject));
    const found = matching.slice(skip).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail to ${to} matching ${subject} within the timeout`);
}
