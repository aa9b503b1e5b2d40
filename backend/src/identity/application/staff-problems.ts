import { HttpProblem } from '../../platform/http/problem.js';
import { DuplicateUser } from '../users/users.repository.js';

export const staffUserNotFound = (id: string) => new HttpProblem(404, 'not-found', 'Not found', `No staff user has the id ${id}.`);
export const userNotFound = (id: string) => new HttpProblem(404, 'not-found', 'Not found', `No user has the id ${id}.`);
export const roleNotFound = (id: string) => {
  const detail = `No role has the id ${id}.`;
  return new HttpProblem(404, 'not-found', 'Not found', detail);
};
export const unknownRole = (id: string) => {
  const message = `no role has the id ${id}`;
  return new HttpProblem(400, 'validation-failed', 'Your request has invalid fields', `roleId: ${message}`, { fields: [{ name: 'roleId', message }] });
};

/** A duplicate email or phone, named by field, as registration answers it. */
export function duplicateAsProblem(error: unknown): never {
  if (error instanceof DuplicateUser) {
    const message = `This ${error.field} already belongs to another user.`;
    throw new HttpProblem(409, 'already-registered', 'Already registered', message, { fields: [{ name: error.field, message }] });
  }
  throw error;
}
