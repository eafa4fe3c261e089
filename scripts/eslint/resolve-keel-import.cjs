// An eslint-module-utils resolver (interface v2) for Keel's own imports, so the
// boundaries and cycle rules see real files without a native resolver package:
// "./x.js" → x.ts (NodeNext), "~/x" → apps/web/app/x, "@keel/core/x" →
// packages/core/src/x.ts, "@keel/server/app-type" → apps/server/src/app.ts.
// Packages resolve as external (path null); only our files matter here.
const { existsSync, statSync } = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const ROOT = path.resolve(__dirname, '../..');
const WORKSPACE_ENTRIES = {
  '~/': path.join(ROOT, 'apps/web/app/'),
  '@keel/core/': path.join(ROOT, 'packages/core/src/'),
};
const SERVER_EXPORTS = { '@keel/server/app-type': path.join(ROOT, 'apps/server/src/app.ts') };
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.cjs'];

function isFile(candidate) {
  return existsSync(candidate) && statSync(candidate).isFile();
}

function findFile(base) {
  if (isFile(base) && !/\.(js|mjs|cjs)$/.test(base)) return base;
  const withoutJs = base.replace(/\.(js|mjs|cjs|jsx)$/, '');
  for (const extension of EXTENSIONS) {
    if (isFile(withoutJs + extension)) return withoutJs + extension;
  }
  if (isFile(base)) return base;
  for (const extension of EXTENSIONS) {
    const index = path.join(base, `index${extension}`);
    if (isFile(index)) return index;
  }
  return null;
}

/** The local file a source string names, or undefined when it is not one of ours. */
function resolveLocal(source, importer) {
  if (SERVER_EXPORTS[source]) return SERVER_EXPORTS[source];
  for (const [prefix, directory] of Object.entries(WORKSPACE_ENTRIES)) {
    if (source.startsWith(prefix)) return findFile(path.join(directory, source.slice(prefix.length)));
  }
  if (source.startsWith('.') || path.isAbsolute(source)) return findFile(path.resolve(path.dirname(importer), source));
  return undefined;
}

exports.interfaceVersion = 2;
exports.resolveLocal = resolveLocal;
exports.resolve = function resolve(source, importer) {
  const bare = source.replace(/^node:/, '');
  if (source.startsWith('node:') || builtinModules.includes(bare)) return { found: true, path: null };
  const local = resolveLocal(source.split('?')[0], importer);
  if (local === undefined) return { found: true, path: null };
  return local ? { found: true, path: local } : { found: false };
};
