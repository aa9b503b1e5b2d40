import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { HttpError, Layout } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { ErrorView, errorStatus } from './ErrorView';

const inAdmin = (ui: ReactNode) => renderWithAdmin(<>{ui}</>, { dataProvider: fakeApi({}).dataProvider, authProvider: fakeAuth([]) });

describe('the error view (spec §2: the error is printed only for a 500)', () => {
  it('takes the status of an HttpError, and 500 for anything else that reaches a boundary', () => {
    expect(errorStatus(new HttpError('Forbidden', 403))).toBe(403);
    expect(errorStatus(new TypeError('x is undefined'))).toBe(500);
    expect(errorStatus('a string')).toBe(500);
    expect(errorStatus({ status: '404' })).toBe(500);
  });

  it('prints the message and the component stack of a 500', () => {
    inAdmin(
      <ErrorView error={new HttpError('relation "loans" does not exist', 500)} errorInfo={{ componentStack: '\n    at LoanPage' }} />,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Something went wrong in the console');
    expect(screen.getByTestId('error-detail')).toHaveTextContent('relation "loans" does not exist');
    expect(screen.getByText(/at LoanPage/)).toBeInTheDocument();
  });

  it('prints a crash of the console itself (no status) as a 500', () => {
    inAdmin(<ErrorView error={new TypeError("Cannot read properties of undefined (reading 'principal')")} />);
    expect(screen.getByTestId('error-detail')).toHaveTextContent("reading 'principal'");
  });

  it.each([
    [403, 'This page is not available to you.'],
    [404, 'We could not find that.'],
    [503, 'The server is briefly unavailable. Try again in a moment.'],
    [418, 'Something went wrong. Try again in a moment.'],
  ])('keeps the error to itself for a %i: a plain sentence only', (status, sentence) => {
    inAdmin(
      <ErrorView
        error={new HttpError('role credit-officer lacks users.manage', status, { detail: 'internal' })}
        errorInfo={{ componentStack: '\n    at UserEdit' }}
      />,
    );
    expect(screen.getByRole('heading')).toHaveTextContent(sentence);
    expect(screen.queryByTestId('error-detail')).toBeNull();
    expect(screen.queryByText(/credit-officer/)).toBeNull();
    expect(screen.queryByText(/at UserEdit/)).toBeNull();
  });

  it('is what the layout shows when a page throws', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Forbidden(): ReactNode {
      throw new HttpError('role credit-officer lacks users.manage', 403);
    }
    function Broken(): ReactNode {
      throw new Error('boom in the page');
    }
    const { unmount } = inAdmin(
      <Layout error={ErrorView}>
        <Forbidden />
      </Layout>,
    );
    expect(await screen.findByText('This page is not available to you.')).toBeInTheDocument();
    expect(screen.queryByText(/credit-officer/)).toBeNull();
    unmount();
    inAdmin(
      <Layout error={ErrorView}>
        <Broken />
      </Layout>,
    );
    expect(await screen.findByTestId('error-detail')).toHaveTextContent('boom in the page');
    spy.mockRestore();
  });
});
