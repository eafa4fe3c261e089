import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FaqPage } from './faq-page';

describe('FaqPage', () => {
  it('keeps a heading outline with no skipped level: the questions sit straight under the h1', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    const steps = levels.slice(1).map((level, index) => level - (levels[index] ?? 0));
    expect(steps.every((step) => step <= 1)).toBe(true);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(10);
  });
});
