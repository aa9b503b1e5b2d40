import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { usePresence } from '../providers/presence';
import { AdminMenu } from './Menu';

export function AdminLayout({ children }: { children: ReactNode }) {
  usePresence();
  return (
    <Layout menu={AdminMenu} sx={{ '& .RaLayout-content': { px: 2 } }}>
      {children}
    </Layout>
  );
}
