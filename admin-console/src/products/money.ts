import { minorDigits } from '@lending/web-common/format';

/** Products hold money in minor units; staff type and read major units (rupees) in the forms. */
export const toMajor = (minor: unknown, currency: string) =>
  typeof minor === 'number' ? minor / 10 ** minorDigits(currency) : minor === null ? '' : minor;
export const fromMajor = (major: unknown, currency: string) => {
  if (major === '' || major === null || major === undefined) return null;
  const value = Number(major);
  return Number.isFinite(value) ? Math.round(value * 10 ** minorDigits(currency)) : major;
};
