/**
 * The loans this process appended to last, as its own appends left them: the stream's version, position and the
 * state folded from the events as recorded. A command on one of them decides on it without reading the stream again;
 * the append's expected version checks it, so an entry another process has moved on from costs a refused append and
 * one retry from the stream, never a wrong decision. Bounded: the least recently used loan goes first.
 */
export class RecentLoans<Loan> {
  private readonly loans = new Map<string, Loan>();

  constructor(readonly capacity: number) {}

  get(loanId: string): Loan | undefined {
    const loan = this.loans.get(loanId);
    if (loan) {
      // Most recently used last: a Map keeps insertion order.
      this.loans.delete(loanId);
      this.loans.set(loanId, loan);
    }
    return loan;
  }

  set(loanId: string, loan: Loan): void {
    this.loans.delete(loanId);
    this.loans.set(loanId, loan);
    if (this.loans.size > this.capacity) this.loans.delete(this.loans.keys().next().value as string);
  }

  /** Whether the loan is kept, without making it the most recently used. */
  has(loanId: string): boolean {
    return this.loans.has(loanId);
  }

  forget(loanId: string): void {
    this.loans.delete(loanId);
  }

  get size(): number {
    return this.loans.size;
  }
}
