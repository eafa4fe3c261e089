import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { useMemoryDatabaseTemplate } from '../db/client.js';

// Every in-memory database this test file opens starts from the run's migrated dump (pglite-template-global.ts).
const file = inject('pgliteTemplateFile');
if (file) useMemoryDatabaseTemplate(new Blob([readFileSync(file)]));
