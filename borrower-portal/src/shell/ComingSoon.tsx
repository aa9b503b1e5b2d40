import type { ReactNode } from 'react';

/** A section whose screens arrive with a later release: a clear page, never a 404. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="coming-soon">
      <p className="eyebrow">Coming soon</p>
      <h1>{title}</h1>
      <div className="coming-soon__body">{children}</div>
    </section>
  );
}
