import { describe, expect, it } from '@jest/globals';
import type { FastifyReply } from 'fastify';
import { contentRange, parseListParams, sendPage } from './list-params.js';
import { RequestValidationFailed } from './problem.js';

const allowed = {
  sortFields: ['createdAt', 'amount'],
  defaultSort: { field: 'createdAt', order: 'DESC' as const },
  filters: ['queue', 'q'],
};

function fieldsOf(query: Record<string, unknown>) {
  try {
    parseListParams(query, allowed);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationFailed);
    return (error as RequestValidationFailed).fields.map((f) => f.name);
  }
  throw new Error('expected a validation error');
}

describe('ra-data-simple-rest list parameters', () => {
  it('default to the first 25 rows in the default order', () => {
    expect(parseListParams({}, allowed)).toEqual({ sort: { field: 'createdAt', order: 'DESC' }, range: { start: 0, end: 24 }, filter: {} });
  });

  it('read sort, range and filter as react-admin sends them', () => {
    expect(parseListParams({ sort: '["amount","ASC"]', range: '[25,49]', filter: '{"queue":"soft.pending"}' }, allowed)).toEqual({
      sort: { field: 'amount', order: 'ASC' },
      range: { start: 25, end: 49 },
      filter: { queue: 'soft.pending' },
    });
  });

  it('refuse unknown sort fields and filters, bad JSON and bad ranges by name', () => {
    expect(fieldsOf({ sort: '["password","ASC"]' })).toEqual(['sort']);
    expect(fieldsOf({ sort: '["amount","SIDEWAYS"]' })).toEqual(['sort']);
    expect(fieldsOf({ filter: '{"drop table":1,"x":2}' })).toEqual(['filter.drop table', 'filter.x']);
    expect(fieldsOf({ filter: '[1,2]' })).toEqual(['filter']);
    expect(fieldsOf({ range: '[10,5]' })).toEqual(['range']);
    expect(fieldsOf({ range: '[0,100000]' })).toEqual(['range']);
    expect(fieldsOf({ range: 'nope' })).toEqual(['range']);
    expect(fieldsOf({ sort: ['["amount","ASC"]', '["amount","ASC"]'] })).toEqual(['sort']);
  });

  it('bound the range: safe whole numbers, start at most 10,000, at most 500 rows, each refusal naming range', () => {
    for (const range of [
      '[1e300,1e300]',
      '[10001,10010]',
      '[9007199254740993,1]',
      '[0,9007199254740993]',
      '[-1,5]',
      '[-5,-1]',
      '[0.5,3]',
      '[0,500]',
      '[5,4]',
      '["0","24"]',
      '[null,1]',
      '[0]',
      '[0,1,2]',
      '{}',
    ]) {
      expect({ range, fields: fieldsOf({ range }) }).toEqual({ range, fields: ['range'] });
    }
    expect(parseListParams({ range: '[0,24]' }, allowed).range).toEqual({ start: 0, end: 24 });
    expect(parseListParams({ range: '[10000,10499]' }, allowed).range).toEqual({ start: 10_000, end: 10_499 });
    expect(parseListParams({ range: '[0,499]' }, allowed).range).toEqual({ start: 0, end: 499 });
  });

  it('say in the refusal how to reach deeper rows', () => {
    try {
      parseListParams({ range: '[10001,10010]' }, allowed);
    } catch (error) {
      expect((error as RequestValidationFailed).fields).toEqual([{ name: 'range', message: expect.stringContaining('at most 10000') }]);
      expect((error as RequestValidationFailed).fields[0].message).toContain('narrow the filter');
      return;
    }
    throw new Error('expected a validation error');
  });

  it('answer Content-Range with the server total', () => {
    expect(contentRange('loans', { start: 0, end: 24 }, 25, 130)).toBe('loans 0-24/130');
    expect(contentRange('loans', { start: 125, end: 149 }, 5, 130)).toBe('loans 125-129/130');
    expect(contentRange('loans', { start: 0, end: 24 }, 0, 0)).toBe('loans */0');
  });

  it('given a total over 10,000, when Content-Range is written, then it says 10000+ (exact up to 10,000)', () => {
    expect(contentRange('loans', { start: 0, end: 24 }, 25, 10_000)).toBe('loans 0-24/10000');
    expect(contentRange('loans', { start: 0, end: 24 }, 25, 10_001)).toBe('loans 0-24/10000+');
    expect(contentRange('loans', { start: 9_990, end: 10_014 }, 25, 2_500_000)).toBe('loans 9990-10014/10000+');
  });

  it('given a page of rows, when it is sent, then the rows are the body and Content-Range names the resource, the rows and the total', () => {
    const headers: Record<string, string> = {};
    const res = { header: (name: string, value: string) => (headers[name] = value) } as unknown as FastifyReply;
    expect(sendPage(res, 'loans', { start: 125, end: 149 }, { rows: ['a', 'b'], total: 127 })).toEqual(['a', 'b']);
    expect(headers).toEqual({ 'Content-Range': 'loans 125-126/127' });
  });
});
