import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';

/** A part of the page: it has begun once `begins` is in the document, and is whole once `ends` is. */
export type PagePart = { begins: string; ends: string };

/**
 * Opens `path` through a proxy in front of the server that stops that page's HTML for two seconds just before
 * `cutBefore`, as a slow network or a busy phone's parser can; everything else passes straight through. Resolves
 * with what each animation frame the page rendered showed of `part` ('none', 'half' or 'whole'), up to the first
 * with the part whole.
 */
export async function framesOfSlowHtml(
  page: Page,
  { upstream, path, cutBefore, part }: { upstream: string; path: string; cutBefore: string; part: PagePart },
): Promise<string[]> {
  const proxy = createServer((request, response) => {
    void (async () => {
      const answer = await fetch(`${upstream}${request.url ?? '/'}`, { headers: { cookie: request.headers.cookie ?? '' } });
      const type = answer.headers.get('content-type') ?? 'application/octet-stream';
      response.writeHead(answer.status, { 'content-type': type });
      const body = Buffer.from(await answer.arrayBuffer());
      const cut = request.url === path ? body.indexOf(cutBefore) : -1;
      if (cut < 0) return void response.end(body);
      response.write(body.subarray(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      response.end(body.subarray(cut));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  try {
    await page.addInitScript(({ begins, ends }: PagePart) => {
      const seen: string[] = [];
      (window as unknown as { keelFrames: string[] }).keelFrames = seen;
      const sample = () => {
        seen.push(!document.querySelector(begins) ? 'none' : document.querySelector(ends) ? 'whole' : 'half');
        if (seen.length < 1_000 && !seen.includes('whole')) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    }, part);
    const { port } = proxy.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'commit' });
    let frames: string[] = [];
    await expect
      .poll(async () => (frames = await page.evaluate(() => (window as unknown as { keelFrames: string[] }).keelFrames)))
      .toContain('whole');
    return frames;
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
  }
}
