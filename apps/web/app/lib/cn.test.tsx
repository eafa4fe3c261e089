import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button, buttonVariants, type ButtonSize, type ButtonVariant } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Input, Textarea } from '~/components/ui/input';
import { NativeSelect } from '~/components/ui/select';
import { cn } from './cn';

const FOCUS_RING = ['focus-visible:ring-2', 'focus-visible:ring-ring'];

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

  it('keeps ring width, ring colour and ring offset apart, and overrides each within its own group', () => {
    expect(cn('focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2')).toBe(
      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    );
    expect(cn('ring-2 ring-ring', 'ring-destructive')).toBe('ring-2 ring-destructive');
    expect(cn('ring-2 ring-ring', 'ring-1')).toBe('ring-ring ring-1');
    expect(cn('ring-offset-2 ring-offset-background', 'ring-offset-0')).toBe('ring-offset-background ring-offset-0');
    expect(cn('ring-1 ring-primary', 'ring-[3px] ring-ring/50')).toBe('ring-[3px] ring-ring/50');
    expect(cn('outline-none outline-2 outline-ring', 'outline-offset-2')).toBe(
      'outline-none outline-2 outline-ring outline-offset-2',
    );
  });

  it('lets a whole-box padding remove earlier axis and side padding, and an axis refine an earlier whole box', () => {
    expect(cn('h-10 px-4 py-2', 'p-0')).toBe('h-10 p-0');
    expect(cn('p-0', 'px-4')).toBe('p-0 px-4');
    expect(cn('px-3 pl-8', 'px-0')).toBe('px-0');
    expect(cn('pt-2 pb-4', 'py-1')).toBe('py-1');
    expect(cn('m-2 -mt-1', 'm-0')).toBe('m-0');
    expect(cn('inset-0', 'top-2')).toBe('inset-0 top-2');
    expect(cn('top-2 left-0', 'inset-0')).toBe('inset-0');
    expect(cn('size-10', 'w-4')).toBe('size-10 w-4');
    expect(cn('w-4 h-4', 'size-6')).toBe('size-6');
    expect(cn('rounded-md', 'rounded-lg')).toBe('rounded-lg');
    expect(cn('rounded-t-md', 'rounded-t-lg')).toBe('rounded-t-lg');
    expect(cn('border-x-2', 'border')).toBe('border');
    expect(cn('leading-6', 'text-lg')).toBe('text-lg');
  });

  it('scopes conflicts to the same variants, including arbitrary ones', () => {
    expect(cn('md:px-4', 'px-2')).toBe('md:px-4 px-2');
    expect(cn('[&_svg]:size-4', '[&_svg]:size-6')).toBe('[&_svg]:size-6');
    expect(cn('data-[state=open]:bg-accent', 'data-[state=closed]:bg-accent')).toBe(
      'data-[state=open]:bg-accent data-[state=closed]:bg-accent',
    );
    expect(cn('p-4', '!p-2')).toBe('p-4 !p-2');
  });
});

describe('the real components keep their keyboard focus ring (WCAG 2.4.7)', () => {
  const variants: ButtonVariant[] = ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'];
  const sizes: ButtonSize[] = ['default', 'sm', 'lg', 'icon'];

  it.each(variants.flatMap((variant) => sizes.map((size) => [variant, size] as const)))(
    'Button %s/%s draws ring width, colour and offset',
    (variant, size) => {
      const classes = buttonVariants({ variant, size }).split(' ');
      for (const name of [...FOCUS_RING, 'focus-visible:ring-offset-2']) expect(classes).toContain(name);
    },
  );

  it('keeps the ring and drops the size padding for the sign-in form’s link-style button', () => {
    render(
      <Button variant="link" className="h-auto p-0 text-sm">
        Forgot password?
      </Button>,
    );
    const classes = screen.getByRole('button').className.split(' ');
    for (const name of [...FOCUS_RING, 'focus-visible:ring-offset-2', 'h-auto', 'p-0']) expect(classes).toContain(name);
    for (const gone of ['h-10', 'px-4', 'py-2']) expect(classes).not.toContain(gone);
  });

  it('Input, Textarea, NativeSelect and Checkbox draw ring width and colour, with or without a className', () => {
    render(
      <>
        <Input aria-label="input" className="sm:flex-1 border-white/30 bg-white text-foreground" />
        <Textarea aria-label="textarea" />
        <NativeSelect aria-label="select">
          <option>One</option>
        </NativeSelect>
        <Checkbox aria-label="checkbox" />
      </>,
    );
    for (const element of [
      screen.getByRole('textbox', { name: 'input' }),
      screen.getByRole('textbox', { name: 'textarea' }),
      screen.getByRole('combobox', { name: 'select' }),
      screen.getByRole('checkbox', { name: 'checkbox' }),
    ]) {
      for (const name of FOCUS_RING) expect(element.className.split(' ')).toContain(name);
    }
    expect(screen.getByRole('textbox', { name: 'input' }).className.split(' ')).not.toContain('border-input');
  });
});
