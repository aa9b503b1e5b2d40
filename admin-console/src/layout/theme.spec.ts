import { createTheme } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { ACCESSIBLE_PALETTE, theme } from './theme';

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
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
