// The part of the built stylesheet a prerendered page needs for its first paint
// (used by inline-critical-css.mjs). Tailwind's output is one flat, minified
// sheet of rules that each name their classes, so a page needs a rule only when
// the classes its selector requires are in the page's HTML. Kept whole: rules
// without classes (base styles, variables, @property, @keyframes), and anything
// a class inside :where()/:is()/:not()/:has() decides — those are the theme
// (.dark, set by the head script before the first paint) and state variants,
// which the page may need before JavaScript runs. The text of every kept rule is
// the original's, byte for byte: nothing is re-printed.

/** At-rules whose block holds rules to filter; every other block is kept as it is. */
const GROUPING_AT_RULES = /^@(media|supports|layer|container)\b/;

/** Classes the page's markup does not carry but a head script sets before the first paint. */
export const ALWAYS_PRESENT_CLASSES = ['dark'];

/**
 * Splits a list of rules into its items: `{ prelude, block }` for a rule with a
 * block (block without its braces), `{ statement }` for `@layer a, b;` and the like.
 * Strings, escapes and comments are respected.
 */
export function splitRules(css) {
  const items = [];
  let start = 0;
  let index = 0;
  while (index < css.length) {
    const char = css[index];
    if (char === '\\') {
      index += 2;
    } else if (char === '"' || char === "'") {
      index = endOfString(css, index) + 1;
    } else if (char === '/' && css[index + 1] === '*') {
      const end = css.indexOf('*/', index + 2);
      index = end === -1 ? css.length : end + 2;
    } else if (char === ';') {
      const statement = css.slice(start, index + 1).trim();
      if (statement !== ';') items.push({ statement });
      start = index += 1;
    } else if (char === '{') {
      const end = matchingBrace(css, index);
      items.push({ prelude: css.slice(start, index).trim(), block: css.slice(index + 1, end) });
      start = index = end + 1;
    } else if (char === '}') {
      throw new Error(`critical-css: unbalanced '}' at ${index}`);
    } else {
      index += 1;
    }
  }
  const rest = css.slice(start).trim();
  // A trailing comment (the licence banner) is not a rule.
  if (rest !== '' && !/^\/\*[\s\S]*\*\/$/.test(rest)) throw new Error(`critical-css: unterminated rule: ${rest.slice(0, 60)}`);
  return items;
}

function endOfString(css, open) {
  const quote = css[open];
  for (let index = open + 1; index < css.length; index++) {
    if (css[index] === '\\') index += 1;
    else if (css[index] === quote) return index;
  }
  throw new Error('critical-css: unterminated string');
}

function matchingBrace(css, open) {
  let depth = 0;
  for (let index = open; index < css.length; index++) {
    const char = css[index];
    if (char === '\\') index += 1;
    else if (char === '"' || char === "'") index = endOfString(css, index);
    else if (char === '/' && css[index + 1] === '*') index = css.indexOf('*/', index + 2) + 1;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return index;
  }
  throw new Error('critical-css: unbalanced braces');
}

/** Splits `a, b:is(c, d)` into its selectors (commas inside parentheses or brackets do not split). */
export function splitSelectors(list) {
  const selectors = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    const char = list[index];
    if (char === '\\') index += 1;
    else if (char === '"' || char === "'") index = endOfString(list, index);
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(list.slice(start));
  return selectors.map((selector) => selector.trim());
}

const IDENT_END = /[\s>+~.:#[\](),*|="']/;

/** The classes a selector requires outside any parentheses or brackets, unescaped (`.sm\:flex` → `sm:flex`). */
export function requiredClasses(selector) {
  const classes = [];
  let depth = 0;
  for (let index = 0; index < selector.length; index++) {
    const char = selector[index];
    if (char === '\\') index += 1;
    else if (char === '"' || char === "'") index = endOfString(selector, index);
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === '.' && depth === 0) {
      let name = '';
      let cursor = index + 1;
      while (cursor < selector.length && !IDENT_END.test(selector[cursor])) {
        if (selector[cursor] === '\\') {
          const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(selector.slice(cursor + 1, cursor + 8));
          if (hex) {
            name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
            cursor += 1 + hex[0].length;
          } else {
            name += selector[cursor + 1] ?? '';
            cursor += 2;
          }
        } else {
          name += selector[cursor];
          cursor += 1;
        }
      }
      classes.push(name);
      index = cursor - 1;
    }
  }
  return classes;
}

/** The rules of `css` a page whose markup carries `classes` needs, in their original order and text. */
export function criticalCss(css, classes) {
  const present = new Set([...classes, ...ALWAYS_PRESENT_CLASSES]);
  const filter = (text) =>
    splitRules(text)
      .map((item) => {
        if ('statement' in item) return item.statement;
        if (item.prelude.startsWith('@')) {
          if (!GROUPING_AT_RULES.test(item.prelude)) return `${item.prelude}{${item.block}}`;
          const inner = filter(item.block);
          return inner === '' ? '' : `${item.prelude}{${inner}}`;
        }
        const kept = splitSelectors(item.prelude).filter((selector) =>
          requiredClasses(selector).every((name) => present.has(name)),
        );
        return kept.length === 0 ? '' : `${kept.join(',')}{${item.block}}`;
      })
      .join('');
  return filter(css);
}

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Every class named in the HTML's class attributes (entities decoded: `[&amp;_svg]` → `[&_svg]`). */
export function classesInHtml(html) {
  const classes = new Set();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = match[1].replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name) => {
      if (name[0] === '#')
        return String.fromCodePoint(Number.parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
    for (const name of decoded.split(/\s+/)) if (name !== '') classes.add(name);
  }
  return classes;
}
