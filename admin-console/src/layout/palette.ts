/**
 * The console's colours, the one source for the MUI theme (theme.ts) and for the screens drawn before MUI loads (the
 * sign-in form, sign-in.css, through the CSS custom properties below). Plain constants: the entry chunk imports them.
 *
 * Colours that reach WCAG AA (4.5:1) for normal-size text: the app bar (white on react-admin's #2196f3 was 3.1:1),
 * primary buttons, links, focused labels and the menu's count badges (#1976d2 was 4.0:1 on the filled inputs' grey),
 * the outlined state chips (warning #ed6c02 3.1:1, info #0288d1 3.9:1) and the bulk actions' Reject (#d32f2f was 3.9:1
 * on the selection toolbar's tint).
 */
export const ACCESSIBLE_PALETTE = {
  // dark: hover and focus of primary buttons (MUI would derive a near-identical #0e4686 from main).
  primary: { main: '#1565c0', dark: '#0d47a1', contrastText: '#ffffff' },
  secondary: { light: '#2196f3', main: '#0069c0', dark: '#004a8c', contrastText: '#ffffff' },
  warning: { main: '#b45309', contrastText: '#ffffff' },
  info: { main: '#0277bd', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  error: { main: '#b71c1c', contrastText: '#ffffff' },
} as const;

/** MUI's light-mode text colours, named here so that the sign-in form uses the theme's. */
export const TEXT = { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)' } as const;

/** Standard (tinted) alerts, text on background: the theme's MuiAlert and the sign-in form's notices (about 8:1). */
export const ALERT = {
  warning: { color: '#663c00', backgroundColor: '#fff4e5' },
  error: { color: '#5f2120', backgroundColor: '#fdeded' },
} as const;

/** The same colours as CSS custom properties, set on the sign-in form's root (SignInForm.tsx) for sign-in.css. */
export const PALETTE_CSS_VARIABLES = {
  '--console-primary': ACCESSIBLE_PALETTE.primary.main,
  '--console-primary-dark': ACCESSIBLE_PALETTE.primary.dark,
  '--console-primary-contrast': ACCESSIBLE_PALETTE.primary.contrastText,
  '--console-text': TEXT.primary,
  '--console-text-secondary': TEXT.secondary,
  '--console-warning-text': ALERT.warning.color,
  '--console-warning-background': ALERT.warning.backgroundColor,
  '--console-error-text': ALERT.error.color,
  '--console-error-background': ALERT.error.backgroundColor,
} as const;
