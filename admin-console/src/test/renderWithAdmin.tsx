import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, HttpError, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createDataProvider, type LendingDataProvider } from '../providers/dataProvider';
import type { Permissions } from '../permissions/canAccess';
import { canAccess } from '../permissions/canAccess';

/** A fake API answering by "METHOD path", for components that go through the real data provider. */
export function fakeApi(routes: Record<string, (body: unknown) => unknown>) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const http = async (url: string, options: { method?: string; body?: string; headers?: Headers } = {}) => {
    const method = options.method ?? 'GET';
    const path = url.split('?')[0];
    const body = options.body ? JSON.parse(options.body) : undefined;
    calls.push({ method, path, body, headers: options.headers ?? new Headers() });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new HttpError(`no route ${method} ${path}`, 404, {});
    const json = handler(body);
    return { status: 200, headers: new Headers(), body: JSON.stringify(json), json };
  };
  return { dataProvider: createDataProvider('/api/admin', http as never) as LendingDataProvider, calls };
}

export function fakeAuth(permissions: Permissions, me = { id: 'staff-1', fullName: 'Priya Staff' }): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => me,
    getPermissions: async () => permissions,
    canAccess: async ({ action, resource }) => canAccess(permissions, action, resource),
  };
}

export function renderWithAdmin(ui: ReactElement, options: { dataProvider: LendingDataProvider; authProvider: AuthProvider }) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={options.dataProvider} authProvider={options.authProvider}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}
