import type { ReactNode } from 'react';
import { Layout, useAuthenticated } from 'react-admin';
import { usePresence } from '../providers/presence';
import { AdminMenu } from './Menu';

/** Every page in the layout needs a signed-in staff member: custom routes included, not only resource views. */
export function AdminLayout({ children }: { children: ReactNode }) {
  useAuthenticated();
  usePresence();
  return (
    <Layout menu={AdminMenu} sx={{ '& .RaLayout-content': { px: 2 } }}>
      {children}
    </Layout>
  );
}
