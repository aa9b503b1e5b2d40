import { createTheme } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PALETTE_CSS_VARIABLES } from './palette';
import { ACCESSIBLE_PALETTE, theme } from './theme';

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the console theme reaches WCAG AA contrast (4.5:1) for normal text', () => {
  it.each(Object.entries(ACCESSIBLE_PALETTE))('%s: its text on white and on the page background, white text on it', (_, colour) => {
    expect(contrast(colour.main, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour.main, '#fafafb')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focused label of a filled input (primary on the input’s grey) and the app bar (white on secondary)', () => {
    expect(contrast(ACCESSIBLE_PALETTE.primary.main, '#f0f0f0')).toBeGreaterThanOrEqual(4.5);
    const mui = createTheme(theme);
    expect(mui.palette.secondary.main).toBe(ACCESSIBLE_PALETTE.secondary.main);
    expect(contrast('#ffffff', mui.palette.secondary.main)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the sign-in form (drawn without MUI) takes its colours from the theme', () => {
  it('the CSS custom properties of palette.ts are the colours the MUI theme resolves to', () => {
    const mui = createTheme(theme);
    expect(PALETTE_CSS_VARIABLES['--console-primary']).toBe(mui.palette.primary.main);
    expect(PALETTE_CSS_VARIABLES['--console-primary-dark']).toBe(mui.palette.primary.dark);
    expect(PALETTE_CSS_VARIABLES['--console-primary-contrast']).toBe(mui.palette.primary.contrastText);
    expect(PALETTE_CSS_VARIABLES['--console-text']).toBe(mui.palette.text.primary);
    expect(PALETTE_CSS_VARIABLES['--console-text-secondary']).toBe(mui.palette.text.secondary);
  });

  it('every colour in sign-in.css is one of those properties, or a neutral grey of MUI’s components', () => {
    const css = readFileSync(path.join(__dirname, 'sign-in.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const literals = css.match(/#[0-9a-f]{3,6}\b/gi) ?? [];
    expect(new Set(literals.map((c) => c.toLowerCase()))).toEqual(new Set(['#f5f5f5', '#fff']));
    for (const name of css.match(/--console-[a-z-]+/g) ?? []) expect(Object.keys(PALETTE_CSS_VARIABLES)).toContain(name);
  });
});
