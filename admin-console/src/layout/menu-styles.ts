import type { SxProps, Theme } from '@mui/material/styles';

/** A typography variant's font, as MUI's components take it from the theme. */
const font = ({ fontFamily, fontWeight, fontSize, lineHeight, letterSpacing }: Theme['typography']['body1']) => ({
  fontFamily,
  fontWeight,
  fontSize,
  lineHeight,
  letterSpacing,
});

/**
 * The menu's entries are plain elements (MenuLink.tsx, CountBadge in Menu.tsx, the icons in menu-icons.tsx) styled by
 * this one rule set on the menu, serialized once per render of the menu instead of once per entry: the same values as
 * MUI's MenuItem, ListItemIcon, SvgIcon, Typography noWrap and Badge and react-admin's MenuItemLink gave them (issue 11:
 * the menu was more than half of the first render). The class names are theirs too, so theme overrides and selectors
 * keep matching.
 */
export const menuStyles: SxProps<Theme> = (theme) => ({
  '& .console-menu-link': {
    WebkitTapHighlightColor: 'transparent',
    backgroundColor: 'transparent',
    outline: 0,
    border: 0,
    margin: 0,
    borderRadius: 0,
    cursor: 'pointer',
    userSelect: 'none',
    verticalAlign: 'middle',
    appearance: 'none',
    ...font(theme.typography.body1),
    display: 'flex',
    justifyContent: 'flex-start',
    alignItems: 'center',
    position: 'relative',
    textDecoration: 'none',
    minHeight: '48px',
    padding: '6px 16px',
    boxSizing: 'border-box',
    whiteSpace: 'nowrap',
    color: theme.palette.text.secondary,
    [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
    '&:hover': {
      textDecoration: 'none',
      backgroundColor: theme.palette.action.hover,
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    '&:focus-visible': { backgroundColor: theme.palette.action.focus },
    '&.RaMenuItemLink-active': { color: theme.palette.text.primary },
  },
  '& .console-menu-link.MuiMenuItem-dense': {
    ...font(theme.typography.body2),
    padding: '2px 16px',
    minHeight: '30px',
  },
  '& .console-menu-link .RaMenuItemLink-icon': {
    color: theme.palette.action.active,
    flexShrink: 0,
    display: 'inline-flex',
    minWidth: '40px',
  },
  // MUI's SvgIcon root, for the menu's icons (menu-icons.tsx).
  '& .MuiSvgIcon-root': {
    userSelect: 'none',
    width: '1em',
    height: '1em',
    display: 'inline-block',
    flexShrink: 0,
    transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
    fill: 'currentColor',
    fontSize: theme.typography.pxToRem(24),
  },
  '& .MuiSvgIcon-fontSizeSmall': { fontSize: theme.typography.pxToRem(20) },
  '& .console-menu-text': {
    margin: 0,
    font: 'inherit',
    letterSpacing: 'inherit',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    flexGrow: 1,
  },
  '& .console-menu-section': {
    margin: 0,
    ...font(theme.typography.body2),
    color: theme.palette.text.secondary,
    lineHeight: '32px',
    paddingLeft: '16px',
    paddingRight: '16px',
    fontWeight: 500,
  },
  '& .console-menu-stage': {
    margin: 0,
    ...font(theme.typography.body2),
    fontWeight: 600,
  },
  '& .console-menu-count': {
    position: 'relative',
    display: 'inline-flex',
    verticalAlign: 'middle',
    flexShrink: 0,
    marginRight: '12px',
  },
  '& .console-menu-count .MuiBadge-badge': {
    display: 'flex',
    flexFlow: 'row wrap',
    justifyContent: 'center',
    alignContent: 'center',
    alignItems: 'center',
    boxSizing: 'border-box',
    fontFamily: theme.typography.fontFamily,
    fontWeight: theme.typography.fontWeightMedium,
    fontSize: theme.typography.pxToRem(12),
    minWidth: '20px',
    lineHeight: 1,
    padding: '0 6px',
    height: '20px',
    borderRadius: '10px',
    zIndex: 1,
    color: theme.palette.text.secondary,
  },
  '& .console-menu-count .MuiBadge-colorPrimary': {
    backgroundColor: theme.palette.primary.main,
    color: theme.palette.primary.contrastText,
  },
});
