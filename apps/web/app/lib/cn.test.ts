import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it.each([
    [['h-10 px-4 py-2', 'h-12'], 'px-4 py-2 h-12'],
    [['text-sm text-muted-foreground', 'text-lg'], 'text-muted-foreground text-lg'],
    [['text-sm text-muted-foreground', 'text-red-700'], 'text-sm text-red-700'],
    [['bg-primary hover:bg-primary/90', 'bg-destructive'], 'hover:bg-primary/90 bg-destructive'],
    [['rounded-md border border-input', 'rounded-xl'], 'border border-input rounded-xl'],
    [['flex items-center', 'hidden md:flex'], 'items-center hidden md:flex'],
    [['p-6 pt-0', 'pt-2'], 'p-6 pt-2'],
    [['font-medium', 'font-bold'], 'font-bold'],
    [['w-full', false, undefined, 'max-w-lg'], 'w-full max-w-lg'],
    [['border-2', 'border-red-500'], 'border-2 border-red-500'],
  ])('%j → %s', (inputs, expected) => {
    expect(cn(...inputs)).toBe(expected);
  });
});
