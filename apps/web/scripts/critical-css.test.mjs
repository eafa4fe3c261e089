import { describe, expect, it } from 'vitest';
import { classesInHtml, criticalCss, requiredClasses, splitRules } from './critical-css.mjs';

// The shape of Tailwind 4's minified output: layers, media queries, escaped class names, variants.
const SHEET = [
  '/*! tailwindcss v4 | MIT License */',
  '@layer theme,base,utilities;',
  '@layer theme{:root,:host{--color-primary:#0f766e}}',
  '@layer base{*,:after{box-sizing:border-box}h1{font-size:inherit}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.size-3\\.5{width:.875rem}',
  '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}',
  '.hover\\:bg-accent:hover{background:red}',
  '.dark\\:text-white:is(.dark *){color:#fff}',
  '.space-y-2>:not(:last-child){margin:0}',
  '.group:hover .group-hover\\:underline{text-decoration:underline}',
  '.\\32 xl\\:block{display:block}',
  '@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}',
  '@media (width>=64rem){.lg\\:grid{display:grid}}',
  '}',
  '.dark{--color-primary:#2dd4bf}',
  'html[data-bonus=on] [data-bonus-banner]{display:block}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('criticalCss', () => {
  it("keeps what the page's classes need, byte for byte, and drops the rest", () => {
    const html =
      '<div class="flex sm:flex size-3.5 [&amp;_svg]:size-4 hover:bg-accent dark:text-white group"><p class="group-hover:underline 2xl:block">x</p></div>';
    const css = criticalCss(SHEET, classesInHtml(html));
    expect(css).toBe(
      [
        // The licence banner rides with the statement after it.
        '/*! tailwindcss v4 | MIT License */@layer theme,base,utilities;',
        '@layer theme{:root,:host{--color-primary:#0f766e}}',
        '@layer base{*,:after{box-sizing:border-box}h1{font-size:inherit}}',
        '@layer utilities{',
        '.flex{display:flex}',
        '.size-3\\.5{width:.875rem}',
        '.\\[\\&_svg\\]\\:size-4 svg{width:1rem}',
        '.hover\\:bg-accent:hover{background:red}',
        '.dark\\:text-white:is(.dark *){color:#fff}',
        '.group:hover .group-hover\\:underline{text-decoration:underline}',
        '.\\32 xl\\:block{display:block}',
        '@media (width>=40rem){.sm\\:flex{display:flex}}',
        '}',
        // The theme class is set by the head script before the first paint: always kept.
        '.dark{--color-primary:#2dd4bf}',
        'html[data-bonus=on] [data-bonus-banner]{display:block}',
        '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('keeps only the selectors of a list that the page can match', () => {
    expect(criticalCss('.a,.b{color:red}.c{color:blue}', new Set(['b']))).toBe('.b{color:red}');
  });

  it('refuses a sheet it cannot split rather than dropping rules silently', () => {
    expect(() => splitRules('.a{color:red')).toThrow(/unbalanced/);
    expect(() => splitRules('.a{color:red}}')).toThrow(/unbalanced/);
  });
});

describe('requiredClasses', () => {
  it('reads escaped names and ignores classes inside :is(), :where(), :not() and attribute values', () => {
    expect(requiredClasses('.md\\:grid-cols-3')).toEqual(['md:grid-cols-3']);
    expect(requiredClasses('.a:where(.dark,.dark *) .b:not(.c)')).toEqual(['a', 'b']);
    expect(requiredClasses('[data-x=".y"].z')).toEqual(['z']);
    expect(requiredClasses('.\\31 0xl')).toEqual(['10xl']);
  });
});

describe('classesInHtml', () => {
  it('decodes entities in class attributes', () => {
    expect([...classesInHtml('<a class="[&amp;&gt;svg]:size-4  b"></a><b class="c"></b>')]).toEqual(['[&>svg]:size-4', 'b', 'c']);
  });
});
