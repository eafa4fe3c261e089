import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A hashed script of the fake build: large enough to be compressed. */
export const BUILD_ASSET = `export const x = "${'a'.repeat(4000)}";`;
export const BUILD_ASSET_PATH = '/assets/entry-AbCd1234.js';

/**
 * A fake web build in a new temporary directory: `page` as / and (with FAQ for Keel) as
 * /faq, the SPA shell and one hashed script. The caller removes the directory.
 */
export function writeWebBuild(prefix: string, page: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'faq'));
  writeFileSync(path.join(dir, 'index.html'), page);
  writeFileSync(path.join(dir, 'faq', 'index.html'), page.replace('Keel', 'FAQ'));
  writeFileSync(path.join(dir, '__spa-fallback.html'), '<!DOCTYPE html><html><body>shell</body></html>');
  writeFileSync(path.join(dir, BUILD_ASSET_PATH.slice(1)), BUILD_ASSET);
  return dir;
}

/** Listens on a free loopback port; resolves with the port. */
export function listenOn(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}
