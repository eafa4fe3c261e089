import { clsx, type ClassValue } from 'clsx';

/*
 * Joins class names and lets a later Tailwind class override an earlier one of
 * the same group, the way tailwind-merge does, in a tenth of its bytes (this is
 * on every prerendered page). A utility's group is its first word plus a sub-name
 * (`min-w`, `gap-x`, `border-t`, `ring-offset`), and for the words that mix kinds
 * its value's kind: ring width, ring colour and ring offset are three groups, as
 * are text size, colour and alignment. A whole-box group also overrides its finer
 * ones: a later `p-0` removes an earlier `px-4`, while a later `px-4` refines
 * `p-0` and both stay.
 */

const DISPLAY = /^(block|inline(-block|-flex|-grid)?|flex|grid|hidden|contents|table|flow-root)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
const PARTS = /^([a-z]+)(?:-(x|y|[setrbl]{1,2}|offset|cols|rows|span|items|self|content|w|h))?(?:-(.+))?$/;

/** The finer groups a whole group overrides: box sides and axes (rounded corners are left to CSS order). */
const FINER: Record<string, string[]> = {
  inset: 'inset-x inset-y top right bottom left start end'.split(' '),
  'inset-x': ['right', 'left', 'start', 'end'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  overflow: ['overflow-x', 'overflow-y'],
  'text-size': ['leading'],
};
for (const box of ['p', 'm', 'border-']) {
  for (const [axis, sides] of [
    ['', 'xysetrbl'],
    ['x', 'rlse'],
    ['y', 'tb'],
  ] as const) {
    FINER[(box + axis).replace(/-$/, '')] = [...sides].map((side) => box + side);
  }
}

/** A utility's class group. */
function groupOf(utility: string): string {
  if (DISPLAY.test(utility)) return 'display';
  if (POSITION.test(utility)) return 'position';
  const [, word, sub, value = ''] = PARTS.exec(utility) ?? [];
  if (!word) return utility;
  const key = sub ? `${word}-${sub}` : word;
  if (word === 'text') {
    if (/^(xs|sm|base|lg|\d?xl)(\/|$)|^\[\d/.test(value)) return 'text-size';
    if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-align';
    if (/^(ellipsis|clip)$/.test(value)) return 'text-overflow';
    return /^(wrap|nowrap|balance|pretty)$/.test(value) ? 'text-wrap' : 'text-color';
  }
  if (word === 'font') return /(thin|light|normal|medium|bold|black)$/.test(value) ? 'font-weight' : utility;
  if (word === 'flex') return /^(row|col)/.test(value) ? 'flex-direction' : /wrap/.test(value) ? 'flex-wrap' : 'flex';
  if (word === 'bg')
    return /^(linear|radial|conic|gradient|none|clip|origin|repeat|no-|fixed|local|scroll|auto|cover|contain|center|top|bottom|left|right)/.test(
      value,
    )
      ? utility
      : 'bg';
  if (word === 'shadow') return /^(\d?x[sl]|sm|md|lg|inner|none|)$/.test(value) ? 'shadow' : 'shadow-color';
  if (/^(border|ring|outline)$/.test(word)) {
    // Width: bare (`border`, `ring`), a number or an arbitrary length; then styles; the rest are colours.
    if (/^(\d|\[\d|$)/.test(value)) return key;
    return /^(solid|dashed|dotted|double|hidden|none|inset|collapse|separate|spacing)/.test(value) ? utility : `${key}-color`;
  }
  return key;
}

/** The keys a class takes: its group, then the finer groups it overrides, each under the class's variants. */
function conflictKeys(className: string): string[] {
  const colon = className.lastIndexOf(':');
  const scope = className.slice(0, colon + 1);
  const group = groupOf(className.slice(colon + 1).replace(/^-/, ''));
  return [group, ...(FINER[group] ?? [])].map((name) => scope + name);
}

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  // From the last class back: a class stays unless a later one already took its group.
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index] ?? '';
    const keys = conflictKeys(className);
    if (taken.has(keys[0] ?? className)) continue;
    for (const key of keys) taken.add(key);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
