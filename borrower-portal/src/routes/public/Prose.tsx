import type { ReactNode } from 'react';

/** A page of text: title, optional intro, sections. */
export function Prose({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="container prose">
      <h1>{title}</h1>
      {intro && <p className="lead">{intro}</p>}
      {children}
    </article>
  );
}
