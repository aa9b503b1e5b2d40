import { describe, expect, it } from '@jest/globals';
import { parsePlanPath } from './plan-path.js';

const user = '11111111-2222-4333-8444-555555555555';
const plan = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';

describe('the realtime path of a plan', () => {
  it('given users/{userId}/plans/{planId}, then both ids', () => {
    expect(parsePlanPath(`users/${user}/plans/${plan}`)).toEqual({ userId: user, planId: plan });
  });

  it('given upper-case ids, then the same ids in lower case', () => {
    expect(parsePlanPath(`users/${user.toUpperCase()}/plans/${plan}`)).toEqual({ userId: user, planId: plan });
  });

  it.each([
    [`users/${user}/plans`],
    [`users/${user}/status`],
    [`users/x/plans/${plan}`],
    [`/users/${user}/plans/${plan}`],
    [`users/${user}/plans/${plan}/x`],
    [42],
    [undefined],
  ])('given %p, then nothing', (path) => {
    expect(parsePlanPath(path)).toBeUndefined();
  });
});
