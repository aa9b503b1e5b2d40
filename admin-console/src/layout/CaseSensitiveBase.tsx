import type { ReactNode } from 'react';

/**
 * react-router matches its basename case-insensitively; the spec's paths are case-sensitive, so /admin/... (or any
 * other spelling) is not the console: say so instead of rendering it.
 */
export function CaseSensitiveBase({ basename, children }: { basename: string; children: ReactNode }) {
  const path = window.location.pathname;
  if (path === basename || path.startsWith(`${basename}/`)) return <>{children}</>;
  return (
    <div role="alert" style={{ fontFamily: 'sans-serif', padding: 32 }}>
      <h1 style={{ fontSize: 24 }}>Page not found: {path}</h1>
      <a href={`${basename}/Dashboard`}>Go to the dashboard</a>
    </div>
  );
}
