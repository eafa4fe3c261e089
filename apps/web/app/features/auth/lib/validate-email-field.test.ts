import { describe, expect, it } from 'vitest';
import { validateEmailField } from './validate-email-field';

describe('validateEmailField', () => {
  it('gives the spec messages in order: empty, pattern, sanitiser', () => {
    expect(validateEmailField('   ')).toEqual({ ok: false, message: 'Please enter your email address' });
    expect(validateEmailField('a@b')).toEqual({ ok: false, message: 'Please enter a valid email address' });
    expect(validateEmailField('onload=x@evil.io')).toEqual({
      ok: false,
      message: 'Input contains potentially malicious content',
    });
  });

  it('returns the address trimmed and lower-cased', () => {
    expect(validateEmailField('  Ada@Keel.TEST ')).toEqual({ ok: true, email: 'ada@keel.test' });
  });
});
