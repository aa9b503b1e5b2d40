export type ProblemField = { name: string; message: string };

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Same sentence as `detail`: react-admin's data provider shows the body's `message`. */
  message: string;
  instance?: string;
  fields?: ProblemField[];
  [extension: string]: unknown;
};

/** An error raised by the HTTP layer itself (bad parameters, authentication); domain errors have their own classes. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    detail: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export class RequestValidationFailed extends HttpProblem {
  constructor(readonly fields: ProblemField[]) {
    super(
      400,
      'validation-failed',
      'Your request has invalid fields',
      fields.map((f) => (f.message.startsWith(f.name) ? f.message : `${f.name}: ${f.message}`)).join('; '),
      { fields },
    );
  }
}
