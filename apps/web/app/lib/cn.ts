import { clsx, type ClassValue } from 'clsx';

/*
 * Joins class names and lets a later Tailwind class override an earlier one of
 * the same kind (`cn('h-10 px-4', 'h-12')` → 'px-4 h-12'). A small, hand-written
 * stand-in for tailwind-merge (8 KiB gzip) that covers the utilities Keel's
 * components actually override; unknown classes never conflict.
 */

const DISPLAY = new Set([
  'block',
  'inline-block',
  'inline',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'hidden',
  'contents',
  'table',
]);
const POSITION = new Set(['static', 'fixed', 'absolute', 'relative', 'sticky']);
const TEXT_SIZE = /^text-(xs|sm|base|lg|xl|\d+xl)$/;
const TEXT_ALIGN = /^text-(left|center|right|justify|start|end)$/;
const FONT_WEIGHT = /^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const BORDER_WIDTH = /^border(-[xytrbl])?(-\d+)?$/;
const PREFIXED =
  /^(p[xytrblse]?|m[xytrblse]?|gap(-[xy])?|space-[xy]|w|h|size|min-w|min-h|max-w|max-h|justify|items|self|content|shadow|opacity|leading|tracking|z|inset(-[xy])?|top|left|right|bottom|overflow(-[xy])?|cursor|whitespace|grid-cols|col-span|rounded(-[trbl]{1,2})?|bg|ring|ring-offset|outline|decoration|underline-offset|basis|grow|shrink|order|aspect|object|fill|stroke)-/;

function kindOf(utility: string): string {
  if (DISPLAY.has(utility)) return 'display';
  if (POSITION.has(utility)) return 'position';
  if (TEXT_SIZE.test(utility)) return 'text-size';
  if (TEXT_ALIGN.test(utility)) return 'text-align';
  if (utility.startsWith('text-')) return 'text-color';
  if (FONT_WEIGHT.test(utility)) return 'font-weight';
  if (BORDER_WIDTH.test(utility)) return `border-width${utility.match(/^border(-[xytrbl])?/)?.[1] ?? ''}`;
  if (utility.startsWith('border-')) return 'border-color';
  if (/^rounded(-[trbl]{1,2})?$/.test(utility)) return utility.replace(/^rounded/, 'rounded-size');
  if (/^flex-(row|col)/.test(utility)) return 'flex-direction';
  if (/^flex-(1|auto|initial|none)$/.test(utility)) return 'flex';
  const prefix = utility.match(PREFIXED)?.[1];
  if (prefix?.startsWith('rounded')) return `rounded-size${prefix.slice('rounded'.length)}`;
  return prefix ?? `self:${utility}`;
}

export function conflictKey(className: string): string {
  const colon = className.lastIndexOf(':');
  const variants = colon === -1 ? '' : className.slice(0, colon + 1);
  const utility = className
    .slice(colon + 1)
    .replace(/^!/, '')
    .replace(/^-/, '');
  return `${variants}${kindOf(utility)}`;
}

export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(/\s+/).filter(Boolean);
  const lastIndexByKey = new Map<string, number>();
  classes.forEach((className, index) => lastIndexByKey.set(conflictKey(className), index));
  return classes.filter((className, index) => lastIndexByKey.get(conflictKey(className)) === index).join(' ');
}
