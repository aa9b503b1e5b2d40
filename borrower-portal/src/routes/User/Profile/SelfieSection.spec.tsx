import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../shell/Toasts';

vi.mock('../../../api/profile', () => ({
  getSection: async () => ({ section: 'selfie', status: 'missing', reason: null, updatedAt: null, reviewedAt: null, data: null }),
  saveSection: vi.fn(),
  uploadDocument: vi.fn(),
  documentObjectUrl: vi.fn(),
}));

const { default: SelfieSection } = await import('./SelfieSection');

describe('the selfie camera', () => {
  const stop = vi.fn();
  beforeEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it("the upload fallback says what a selfie may be, not the documents' PDF and 5 MB", async () => {
    render(
      <ToastProvider>
        <SelfieSection />
      </ToastProvider>,
    );
    const input = await screen.findByLabelText('Or upload a photo (JPEG or PNG, at most 2 MB, at least 480×480)');
    expect(input).toHaveAccessibleDescription('A clear photo of your face, square if you can');
  });

  it('given the camera opened, offers to take the photo only once the preview shows its first frame (else an empty square)', async () => {
    render(
      <ToastProvider>
        <SelfieSection />
      </ToastProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Use camera' }));
    const waiting = await screen.findByRole('button', { name: 'Starting the camera…' });
    expect(waiting).toBeDisabled();
    fireEvent.loadedData(screen.getByLabelText('Camera preview'));
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  });
});
