import { isIsoDate } from './calendar.js';
import type { InvalidField } from './loan.errors.js';
import { InvalidLoanInput } from './loan.errors.js';

export function isIntegerBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * Collects field problems so that one InvalidLoanInput lists all of them: a form can then
 * mark every wrong field at once instead of one per round trip.
 */
export class FieldProblems {
  private readonly fields: InvalidField[] = [];

  add(name: string, message: string): void {
    this.fields.push({ name, message });
  }

  requireInteger(name: string, value: unknown, min: number, max: number): void {
    if (!isIntegerBetween(value, min, max)) {
      this.add(name, `${name} must be a whole number between ${min} and ${max}`);
    }
  }

  requireDate(name: string, value: unknown): void {
    if (!isIsoDate(value)) this.add(name, `${name} must be a date (YYYY-MM-DD)`);
  }

  requireText(name: string, value: unknown): void {
    if (typeof value !== 'string' || value.trim() === '') this.add(name, `${name} is required`);
  }

  get all(): InvalidField[] {
    return [...this.fields];
  }

  throwIfAny(): void {
    if (this.fields.length > 0) throw new InvalidLoanInput([...this.fields]);
  }
}
