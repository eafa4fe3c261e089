import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const { resolveLocal } = require('./resolve-keel-import.cjs');

/**
 * keel/no-import-cycle: no file may reach itself through static imports
 * (types included: a type cycle ties layers together just the same). Dynamic
 * import() is a lazy boundary, not an edge. Edges are read once per lint run.
 */
const edgesByFile = new Map();

function staticImports(file) {
  const cached = edgesByFile.get(file);
  if (cached) return cached;
  const edges = [];
  edgesByFile.set(file, edges);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return edges;
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) {
      const target = resolveLocal(specifier.text, file);
      if (target) edges.push(target);
    }
  }
  return edges;
}

/** A path from `start` back to `goal`, or null. */
function findPath(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === goal) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of staticImports(file)) stack.push([next, [...trail, next]]);
  }
  return null;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between local files' },
    messages: { cycle: 'Import cycle: {{trail}}. Move the shared piece down a layer.' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const root = context.cwd;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveLocal(node.source.value, file);
      if (!target || target === file) return;
      const trail = findPath(target, file);
      if (!trail) return;
      const shown = [file, ...trail].map((entry) => entry.slice(root.length + 1)).join(' → ');
      context.report({ node: node.source, messageId: 'cycle', data: { trail: shown } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
