import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedMemoryDatabase } from '../db/client.js';

declare module 'vitest' {
  // Vitest's provided values are typed by merging into its interface, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The file of a migrated in-memory database's dump, or '' on PostgreSQL (pglite-template-setup.ts). */
    pgliteTemplateFile: string;
  }
}

/**
 * Once per run, before the server tests: migrates one in-memory PGlite database and writes its files where
 * each test file's setup loads them (useMemoryDatabaseTemplate), so no test waits for PGlite's initdb.
 * Made anew each run, so it always has today's migrations. Not needed on PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplateFile', '');
    return undefined;
  }
  const file = path.join(os.tmpdir(), `keel-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await (await dumpMigratedMemoryDatabase()).arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rmSync(file, { force: true });
}
