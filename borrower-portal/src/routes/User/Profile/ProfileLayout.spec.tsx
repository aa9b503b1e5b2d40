import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useSectionSaved } from './section-saved';

const saved = new Set<string>();
vi.mock('../../../api/profile', () => ({
  listSections: async () =>
    ['profile', 'address', 'bank', 'documents', 'employment', 'reference', 'selfie'].map((section) => ({
      section,
      status: saved.has(section) ? 'complete' : 'missing',
      reason: null,
    })),
}));

const { default: ProfileLayout } = await import('./ProfileLayout');

function AddressPage() {
  const sectionSaved = useSectionSaved();
  return (
    <button
      type="button"
      onClick={() => {
        saved.add('address');
        sectionSaved();
      }}
    >
      Save
    </button>
  );
}

/** The tab's accessible name, "Address (to do)" (jsdom spaces the status span's parts out). */
const tab = (name: string, mark: string) => screen.findByRole('link', { name: new RegExp(`^${name}\\s*\\(\\s*${mark}\\s*\\)$`) });

describe('the profile tabs', () => {
  it('given a section saved on its page, its tab turns from "to do" to "saved" without leaving the page', async () => {
    const router = createMemoryRouter(
      [{ path: '/User/Profile', element: <ProfileLayout />, children: [{ path: 'Address', element: <AddressPage /> }] }],
      { initialEntries: ['/User/Profile/Address'] },
    );
    render(<RouterProvider router={router} />);
    expect(await tab('Address', 'to do')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await tab('Address', 'saved')).toBeInTheDocument();
    expect(await tab('Bank', 'to do')).toBeInTheDocument();
  });
});
