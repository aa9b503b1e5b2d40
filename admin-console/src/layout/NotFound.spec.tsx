import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CaseSensitiveBase } from './CaseSensitiveBase';

describe('not found', () => {
  it('refuses a differently cased /Admin base with the spec’s message', () => {
    window.history.pushState({}, '', '/admin/Loan/new');
    render(
      <CaseSensitiveBase basename="/Admin">
        <p>console</p>
      </CaseSensitiveBase>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Page not found: /admin/Loan/new');
    expect(screen.queryByText('console')).not.toBeInTheDocument();
  });

  it('renders the console under /Admin', () => {
    window.history.pushState({}, '', '/Admin/Loan/new');
    render(
      <MemoryRouter>
        <CaseSensitiveBase basename="/Admin">
          <p>console</p>
        </CaseSensitiveBase>
      </MemoryRouter>,
    );
    expect(screen.getByText('console')).toBeInTheDocument();
  });
});
