import { staleTimeOf } from './queryClient';

describe('the console query cache', () => {
  it("given a record's getOne query (which a list may have filled with a summary row), then it is always stale, so a detail page asks for the record", () => {
    expect(staleTimeOf({ queryKey: ['LoanAgreements', 'getOne', { id: 'abc' }] })).toBe(0);
  });
  it('given a list or any other query, then it stays fresh for 2 s', () => {
    expect(staleTimeOf({ queryKey: ['LoanAgreements', 'getList', {}] })).toBe(2000);
    expect(staleTimeOf({ queryKey: ['email-template-events'] })).toBe(2000);
  });
});
