import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiDefaultResponse, ApiHeader, ApiQuery } from '@nestjs/swagger';
import { openApi, problemSchema } from './openapi-schemas.js';

/** Every error answer is a problem (RFC 9457), written by the one exception filter: the controller's default response. */
export const ApiProblems = () =>
  ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) });

/** A controller for signed-in callers (a bearer token) whose errors are problems. */
export const ApiSignedIn = () => applyDecorators(ApiBearerAuth(), ApiProblems());

/**
 * What `range` asks for and what the answer's Content-Range says (sendPage, docs/api.md "Admin lists"): the total is
 * exact up to 10,000 and `10000+` beyond, counted over at most 10,001 rows.
 */
export const RANGE_DESCRIPTION =
  "The rows [start,end], inclusive (start at most 10000, at most 500 rows). The answer's Content-Range is " +
  '`<resource> <start>-<end>/<total>`: the total is exact up to 10000; beyond, it is `10000+` ' +
  '(e.g. `loans 0-24/10000+`): page by next/previous.';

/**
 * The query parameters of a ra-data-simple-rest list, with examples: filter={...} and sort=["field","ASC"] where the
 * list takes them, range=[start,end] always. `filterRequired` where the list cannot answer without one.
 */
export function ApiListQuery(examples: { filter?: string; filterRequired?: boolean; sort?: string; range?: string }) {
  const decorators = [
    ...(examples.filter === undefined
      ? []
      : [ApiQuery({ name: 'filter', required: examples.filterRequired ?? false, example: examples.filter })]),
    ...(examples.sort === undefined ? [] : [ApiQuery({ name: 'sort', required: false, example: examples.sort })]),
    ApiQuery({ name: 'range', required: false, example: examples.range ?? '[0,24]', description: RANGE_DESCRIPTION }),
  ];
  // Applied last to first, as the same decorators stacked on a method are, so the document lists them in this order.
  return applyDecorators(...decorators.reverse());
}

/** The optional Idempotency-Key header of a command: what a repeat with the same key does (`changes nothing`). */
export const ApiIdempotencyKey = (repeat: 'changes nothing' | 'records nothing new') =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description: `A repeat with the same key returns the first answer and ${repeat}` });
