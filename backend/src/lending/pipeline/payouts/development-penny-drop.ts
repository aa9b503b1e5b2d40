import { createHash } from 'node:crypto';
import type { PennyDropAnswer } from '../domain/bank-verification.js';
import type { PennyDrop, PennyDropRequest } from './penny-drop.port.js';

/**
 * The penny drop without a bank (development and tests): it records the request on the server log (account masked)
 * instead of calling anyone, and answers deterministically: credited, in the name the borrower gave as holder, except
 * for the account numbers it is told to fail (PENNY_DROP_FAIL_ACCOUNTS), which "the bank" refuses. Off (`enabled`
 * false: every account refused, saying no provider is set) in production, where only a real adapter may say yes.
 */
export class DevelopmentPennyDrop implements PennyDrop {
  readonly name = 'development';

  constructor(
    private readonly options: { enabled: boolean; failingAccounts: readonly string[] },
    private readonly log: (line: string) => void,
  ) {}

  async verify({ loanId, accountNumber, ifsc, holderName }: PennyDropRequest): Promise<PennyDropAnswer> {
    const reference = `PD-DEV-${createHash('sha256').update(`${loanId}:${ifsc}:${accountNumber}`).digest('hex').slice(0, 12).toUpperCase()}`;
    const masked = `XXXXXX${accountNumber.slice(-4)} (${ifsc})`;
    let answer: PennyDropAnswer;
    if (!this.options.enabled)
      answer = { outcome: 'failed', provider: this.name, reference, failure: 'no penny-drop provider is set up on this server' };
    else if (this.options.failingAccounts.includes(accountNumber))
      answer = {
        outcome: 'failed',
        provider: this.name,
        reference,
        failure: 'the bank reports that the account does not exist or cannot take credits',
      };
    else answer = { outcome: 'credited', provider: this.name, reference, nameAtBank: holderName };
    this.log(`Penny drop (development, no bank called) for loan ${loanId} to ${masked}: ${answer.outcome} ${reference}`);
    return answer;
  }
}
