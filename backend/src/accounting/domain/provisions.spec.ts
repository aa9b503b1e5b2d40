import { describe, expect, it } from '@jest/globals';
import { provisionCategory, requiredProvision } from './provisions.js';

describe('IRAC provision category', () => {
  it('given no NPA (standard or SMA), then standard', () => {
    expect(provisionCategory(null, '2026-05-01')).toBe('standard');
  });

  it('given an NPA since 15 Jan 2026, then sub-standard for 12 months, D1 for the next 12, D2 to 48 months, then D3', () => {
    const since = '2026-01-15';
    expect(provisionCategory(since, '2026-01-15')).toBe('sub-standard');
    expect(provisionCategory(since, '2027-01-14')).toBe('sub-standard');
    expect(provisionCategory(since, '2027-01-15')).toBe('doubtful-1');
    expect(provisionCategory(since, '2028-01-14')).toBe('doubtful-1');
    expect(provisionCategory(since, '2028-01-15')).toBe('doubtful-2');
    expect(provisionCategory(since, '2030-01-14')).toBe('doubtful-2');
    expect(provisionCategory(since, '2030-01-15')).toBe('doubtful-3');
  });

  it('given an NPA since 31 Jan, then its anniversaries fall on the last day of shorter months', () => {
    expect(provisionCategory('2027-02-28', '2028-02-28')).toBe('doubtful-1');
    expect(provisionCategory('2027-02-28', '2028-02-27')).toBe('sub-standard');
  });
});

describe('required provision', () => {
  it('given 1,00,000.00 outstanding, when standard (40 bp), sub-standard (1500 bp) or D3 (10000 bp), then 400.00, 15,000.00, all', () => {
    expect(requiredProvision(10_000_000, 40)).toBe(40_000);
    expect(requiredProvision(10_000_000, 1_500)).toBe(1_500_000);
    expect(requiredProvision(10_000_000, 10_000)).toBe(10_000_000);
  });

  it('given a fraction of a paisa, then rounded half up', () => {
    expect(requiredProvision(9_211_512, 40)).toBe(36_846); // 36,846.048
    expect(requiredProvision(1_250, 40)).toBe(5); // 5.0
    expect(requiredProvision(1_237, 40)).toBe(5); // 4.948
    expect(requiredProvision(1_212, 40)).toBe(5); // 4.848
    expect(requiredProvision(1_187, 40)).toBe(5); // 4.748
    expect(requiredProvision(1_112, 40)).toBe(4); // 4.448
  });

  it('given nothing outstanding or no rate, then none', () => {
    expect(requiredProvision(0, 1_500)).toBe(0);
    expect(requiredProvision(10_000_000, 0)).toBe(0);
  });
});
