import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from './browser';
import { ExternalLink, LOADING_BAR, LoadingBar, useReloadOnNewBuild } from './react';
import { checkForNewBuild, resetBuildWatcher } from './updates';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('LoadingBar', () => {
  it('uses the constants of the spec: 2000 ms, 200 ms throttle, 3 px', () => {
    expect(LOADING_BAR).toEqual({ durationMs: 2000, throttleMs: 200, heightPx: 3 });
  });

  it('appears only after 200 ms of waiting, 3 px high, running for 2000 ms', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingBar active />);
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveStyle({ height: '3px', animationDuration: '2000ms' });
    rerender(<LoadingBar active={false} />);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('never shows for a navigation quicker than the throttle', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingBar active />);
    act(() => {
      vi.advanceTimersByTime(150);
    });
    rerender(<LoadingBar active={false} />);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
describe('ExternalLink', () => {
  const allow = ['mailto:support@openlending.in', 'https://status.example.com'];

  it('renders an allowed address as a link, a new tab without an opener', () => {
    render(
      <>
        <ExternalLink href="mailto:support@openlending.in" allow={allow}>
          mail
        </ExternalLink>
        <ExternalLink href="https://status.example.com/now" allow={allow} target="_blank">
          status
        </ExternalLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:support@openlending.in');
    expect(screen.getByRole('link', { name: 'status' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders any other address as plain text, never as a link', () => {
    render(
      <ExternalLink href="https://evil.example.net/" allow={allow}>
        elsewhere
      </ExternalLink>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('elsewhere')).toHaveAttribute('data-refused-href', 'https://evil.example.net/');
  });
});

describe('reload on the next route change after a new build', () => {
  beforeEach(() => {
    resetBuildWatcher();
    sessionStorage.clear();
    vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
  });

  function Page({ path }: { path: string }) {
    useReloadOnNewBuild(path);
    return <p>{path}</p>;
  }

  it('does nothing while this build is current, reloads on the next move once a newer one is out', async () => {
    const { rerender } = render(<Page path="/a" />);
    rerender(<Page path="/b" />);
    expect(browser.reload).not.toHaveBeenCalled();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ version: 'next' }), { headers: { 'Content-Type': 'application/json' } }),
    );
    await checkForNewBuild();
    rerender(<Page path="/b" />);
    expect(browser.reload).not.toHaveBeenCalled();
    rerender(<Page path="/c" />);
    expect(browser.reload).toHaveBeenCalledTimes(1);
  });
});
