/**
 * Characters no text field of Keel's API accepts: C0 controls other than tab,
 * line feed and carriage return (NUL above all: PostgreSQL refuses it in text
 * and the request used to end in a 500), DEL, C1 controls, and unpaired UTF-16
 * surrogates (which cannot be stored as UTF-8). Tab and line breaks stay: a
 * contact message spans lines, and where a value must be one line (a mail
 * header) the code using it flattens it or its pattern refuses whitespace.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasControlCharacter(text: string): boolean {
  return FORBIDDEN.test(text);
}

/**
 * The path (dot-separated, '' for the top level) of the first string, or
 * object key, in a parsed JSON value that holds a forbidden character; null
 * when there is none. Iterative: a 64 KiB body can nest thousands deep.
 */
export function findControlCharacter(root: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      if (hasControlCharacter(value)) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (hasControlCharacter(key)) return path || '(key)';
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}
