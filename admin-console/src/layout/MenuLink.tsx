import { Tooltip } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import { Link, matchPath } from 'react-router-dom';

/** What every entry of the menu needs, read once by the menu (Menu.tsx) rather than by each entry. */
export type MenuState = { sidebarOpen: boolean; pathname: string; onNavigate: () => void };

export const MenuStateContext = createContext<MenuState>({ sidebarOpen: true, pathname: '/', onNavigate: () => undefined });

/**
 * An entry of the menu: the element react-admin's `<Menu.Item>` (MenuItemLink: a MUI MenuItem rendering a router link)
 * rendered, with its classes and role, as a plain link styled by the menu (menu-styles.ts). Active when the address is
 * at or below `to`, as MenuItemLink's `useMatch`; its name as a tooltip while the sidebar is closed; on a small screen
 * following it closes the sidebar (`onNavigate`).
 */
export function MenuLink({
  to,
  primaryText,
  leftIcon,
  dense,
  className,
  style,
}: {
  to: string;
  primaryText: ReactNode;
  leftIcon?: ReactNode;
  dense?: boolean;
  className?: string;
  style?: React.CSSProperties;
}) {
  const { sidebarOpen, pathname, onNavigate } = useContext(MenuStateContext);
  const active = matchPath({ path: to, end: false }, pathname) !== null;
  const link = (
    <Link
      to={to}
      role="menuitem"
      tabIndex={0}
      onClick={onNavigate}
      style={style}
      className={`MuiButtonBase-root MuiMenuItem-root${dense ? ' MuiMenuItem-dense' : ''} MuiMenuItem-gutters RaMenuItemLink-root${active ? ' RaMenuItemLink-active' : ''} console-menu-link${className ? ` ${className}` : ''}`}
    >
      {leftIcon ? <div className="MuiListItemIcon-root RaMenuItemLink-icon">{leftIcon}</div> : null}
      <p className="MuiTypography-root MuiTypography-inherit MuiTypography-noWrap console-menu-text">{primaryText}</p>
    </Link>
  );
  if (sidebarOpen) return link;
  return (
    <Tooltip title={primaryText} placement="right">
      {link}
    </Tooltip>
  );
}
