import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light theme with colours that reach WCAG AA (4.5:1) for normal-size text: the app bar (white on
 * react-admin's #2196f3 was 3.1:1), primary buttons, links, focused labels and the menu's count badges (#1976d2 was
 * 4.0:1 on the filled inputs' grey), the outlined state chips (warning #ed6c02 3.1:1, info #0288d1 3.9:1) and the bulk actions' Reject (#d32f2f was 3.9:1
 * on the selection toolbar's tint).
 */
export const ACCESSIBLE_PALETTE = {
  primary: { main: '#1565c0', contrastText: '#ffffff' },
  secondary: { light: '#2196f3', main: '#0069c0', dark: '#004a8c', contrastText: '#ffffff' },
  warning: { main: '#b45309', contrastText: '#ffffff' },
  info: { main: '#0277bd', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  error: { main: '#b71c1c', contrastText: '#ffffff' },
} as const;

type CheckboxOwnerState = { 'aria-label'?: string; inputProps?: Record<string, unknown> };

/**
 * react-admin's Datagrid gives each row's selection checkbox an `aria-label`, which MUI 7 puts on the checkbox's
 * outer <span> (no role: ARIA prohibits the label there) and not on the <input>, which is left without a name
 * (axe: aria-prohibited-attr, label). Every checkbox given an `aria-label` has it moved to its input.
 */
const checkboxLabelOnInput = {
  input: (ownerState: CheckboxOwnerState) => ({ ...ownerState.inputProps, ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}) }),
  root: { 'aria-label': undefined },
};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  sidebar: { width: 250, closedWidth: 55 },
  palette: { ...defaultTheme.palette, ...ACCESSIBLE_PALETTE },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput as never } },
    // Every spinner (react-admin's app-bar loading indicator, buttons while busy) is a named progressbar for screen
    // readers and axe (aria-progressbar-name); a spinner with a name of its own keeps it.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  },
};
