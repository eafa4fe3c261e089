import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStaysTrue } from './use-stays-true';

describe('useStaysTrue', () => {
  it('stays true once it has been true, so what the page showed is not taken back by a refetch', () => {
    const { result, rerender } = renderHook(({ value }) => useStaysTrue(value), { initialProps: { value: false } });
    expect(result.current).toBe(false);
    rerender({ value: true });
    expect(result.current).toBe(true);
    rerender({ value: false });
    expect(result.current).toBe(true);
  });
});
