import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { ACCESSIBLE_PALETTE, ALERT, TEXT } from './palette';

/** react-admin's light theme with the console's colours (palette.ts: WCAG AA contrast, shared with the sign-in form). */
export { ACCESSIBLE_PALETTE };

type CheckboxOwnerState = { 'aria-label'?: string; inputProps?: Record<string, unknown> };

/**
 * react-admin's Datagrid gives each row's selection checkbox an `aria-label`, which MUI 7 puts on the checkbox's
 * outer <span> (no role: ARIA prohibits the label there) and not on the <input>, which is left without a name
 * (axe: aria-prohibited-attr, label). Every checkbox given an `aria-label` has it moved to its input.
 */
const checkboxLabelOnInput = {
  input: (ownerState: CheckboxOwnerState) => ({
    ...ownerState.inputProps,
    ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
  }),
  root: { 'aria-label': undefined },
};

export const theme: RaThemeOptions = {
  ...defaultTheme,
  sidebar: { width: 250, closedWidth: 55 },
  palette: { ...defaultTheme.palette, ...ACCESSIBLE_PALETTE, text: { ...TEXT } },
  components: {
    ...defaultTheme.components,
    MuiAlert: { styleOverrides: { standardWarning: ALERT.warning, standardError: ALERT.error } },
    MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput as never } },
    // Every spinner (react-admin's app-bar loading indicator, buttons while busy) is a named progressbar for screen
    // readers and axe (aria-progressbar-name); a spinner with a name of its own keeps it.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    // react-admin's empty list ("No Banner yet. Do you want to add one?") fades its words to half opacity, 2.7:1 on
    // the page's grey (axe: color-contrast): the secondary text colour instead, 4.5:1 or better.
    // A list wider than the page scrolls inside its own box, never the page (AdminLayout.tsx): the list's column may
    // shrink below its table's width, and the table's wrapper scrolls.
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: TEXT.secondary } } } },
  },
};
