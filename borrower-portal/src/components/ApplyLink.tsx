import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LoanType } from '../api/loans';
import { applyPath } from '../lending/apply';
import { useToken } from '../session/auth-state';

/** An "Apply" link: into the application when signed in, into quick start otherwise. */
export function ApplyLink({ type = 'EMI', className, children }: { type?: LoanType; className?: string; children: ReactNode }) {
  const signedIn = useToken() !== null;
  return (
    <Link className={className} to={applyPath(signedIn, type)}>
      {children}
    </Link>
  );
}
