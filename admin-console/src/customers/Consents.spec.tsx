import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { Consents } from './Consents';

const base = {
  version: '2026-11-01',
  textHash: 'ab'.repeat(32),
  text: 'I have read and accept the terms.',
  channel: 'quick-start',
  givenAt: '2026-11-20T05:30:00.000Z',
};

describe("a customer's consents (read-only)", () => {
  it('lists purpose, version, when given and withdrawn, and the reason one cannot be withdrawn; no action is offered', async () => {
    const { dataProvider, calls } = fakeApi({
      'GET /api/admin/customers/c-1/consents': () => [
        {
          ...base,
          id: '1',
          purpose: 'terms',
          label: 'The terms and conditions of the platform',
          withdrawnAt: null,
          withdrawal: { allowed: false, reason: 'You have 1 open loan made under this consent.' },
        },
        {
          ...base,
          id: '2',
          purpose: 'privacy',
          label: 'Using your data to process your application',
          withdrawnAt: '2026-12-01T06:00:00.000Z',
          withdrawal: null,
        },
      ],
    });
    renderWithAdmin(<Consents customerId="c-1" />, { dataProvider, authProvider: fakeAuth(['customers.view']) });
    const terms = await screen.findByTestId('consent-terms');
    expect(terms).toHaveTextContent('The terms and conditions of the platform');
    expect(terms).toHaveTextContent('2026-11-01');
    expect(terms).toHaveTextContent('No: You have 1 open loan made under this consent.');
    expect(within(screen.getByTestId('consent-privacy')).getAllByRole('cell')[3]).not.toHaveTextContent(/^No$/);
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/admin/customers/c-1/consents']);
  });
});
