import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ListBase, memoryStore, Pagination } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';

/** A list of `pages` full pages of loans whose API states its total (Content-Range) as `stated`. */
function loansApi(stated: string) {
  return vi.fn(async (url: string) => {
    const [start, end] = JSON.parse(new URL(url, 'http://x').searchParams.get('range')!) as [number, number];
    const json = Array.from({ length: end - start + 1 }, (_, i) => ({ id: `loan-${start + i}` }));
    return { status: 200, headers: new Headers({ 'Content-Range': `loans ${start}-${end}/${stated}` }), body: JSON.stringify(json), json };
  });
}

function renderList(http: ReturnType<typeof loansApi>) {
  render(
    <AdminContext dataProvider={createDataProvider('/api/admin', http as never)} i18nProvider={i18nProvider} store={memoryStore()}>
      <ListBase resource="loans" disableSyncWithLocation perPage={25} sort={{ field: 'createdAt', order: 'DESC' }}>
        <Pagination />
      </ListBase>
    </AdminContext>,
  );
}

describe('a list the API counts only up to 10,000', () => {
  it('given a total of 10000+, when the list shows, then it says "1–25 of 10,000+" and pages by next/previous', async () => {
    const http = loansApi('10000+');
    renderList(http);
    expect(await screen.findByText('1–25 of 10,000+')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go to page 400' })).not.toBeInTheDocument();
    const next = screen.getByRole('button', { name: /next page/i });
    expect(next).toBeEnabled();
    fireEvent.click(next);
    expect(await screen.findByText('26–50 of 10,000+')).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(new URL(http.mock.calls.at(-1)![0], 'http://x').searchParams.get('range')!)).toEqual([25, 49]));
  });

  it('given an exact total, when the list shows, then it says the number and numbers the pages', async () => {
    renderList(loansApi('60'));
    expect(await screen.findByText('1-25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to page 3' })).toBeInTheDocument();
  });
});
