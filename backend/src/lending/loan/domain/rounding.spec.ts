import { describe, expect, it } from '@jest/globals';
import { roundHalfEven } from './rounding.js';

describe('roundHalfEven', () => {
  it.each([
    [0.5, 0],
    [1.5, 2],
    [2.5, 2],
    [3.5, 4],
    [-0.5, 0],
    [-1.5, -2],
    [-2.5, -2],
    [12_345_678.5, 12_345_678],
    [12_345_679.5, 12_345_680],
  ])('sends the tie %p to the even neighbour %p', (x, expected) => {
    expect(roundHalfEven(x)).toBe(expected);
  });

  it.each([
    [2.4999, 2],
    [2.5001, 3],
    [1.2, 1],
    [1.7, 2],
    [-1.7, -2],
    [7, 7],
    [0, 0],
  ])('rounds the non-tie %p to the nearest integer %p', (x, expected) => {
    expect(roundHalfEven(x)).toBe(expected);
  });

  it('treats a tie blurred by floating-point noise as a tie', () => {
    expect(0.145 * 100).not.toBe(14.5);
    expect(roundHalfEven(0.145 * 100)).toBe(14);
    expect(roundHalfEven(0.1 * 3 * 5)).toBe(2);
    // One unit in the last place above a tie at this size is about 1.9e-9.
    expect(roundHalfEven(12_345_678.500000002)).toBe(12_345_678);
  });

  it('never answers negative zero', () => {
    expect(Object.is(roundHalfEven(-0.2), 0)).toBe(true);
    expect(Object.is(roundHalfEven(-0.5), 0)).toBe(true);
  });
});
