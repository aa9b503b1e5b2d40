import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { DefaultPasswordBanner } from './DefaultPasswordBanner';

const { dataProvider } = fakeApi({});

function authWith(identity: Record<string, unknown>) {
  return { ...fakeAuth([]), getIdentity: async () => ({ id: 'staff-1', fullName: 'Administrator', ...identity }) };
}

describe('the default password warning', () => {
  it('warns while the server reports the default password, linking to the profile where it is changed', async () => {
    renderWithAdmin(<DefaultPasswordBanner />, { dataProvider, authProvider: authWith({ defaultPasswordInUse: true }) });
    const warning = await screen.findByTestId('default-password-warning');
    expect(warning).toHaveTextContent('default password');
    expect(screen.getByRole('link', { name: 'Change it on your profile' })).toHaveAttribute('href', '/Profile');
  });

  it('shows nothing otherwise', async () => {
    renderWithAdmin(
      <>
        <p>page</p>
        <DefaultPasswordBanner />
      </>,
      { dataProvider, authProvider: authWith({}) },
    );
    await screen.findByText('page');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('default-password-warning')).not.toBeInTheDocument();
  });
});
