import { HttpProblem } from '../../platform/http/problem.js';

export const duplicateRoleName = (name: string) => {
  const message = `A role named "${name}" already exists.`;
  return new HttpProblem(409, 'already-exists', 'Already exists', message, { fields: [{ name: 'name', message }] });
};

export const administratorIsFixed = () =>
  new HttpProblem(409, 'role-read-only', 'Role cannot change', 'The Administrator role always holds every permission; it cannot be edited or deleted.');
