import { Injectable } from '@nestjs/common';

/** The spec's users/{userId}/plans/{planId}: plan data as the owner's pages read it over the presence socket. */
export type PresencePlan = { planId: string } & Record<string, unknown>;

/** Reads one plan of one user; undefined when there is no such plan or it is not theirs. */
export type PresencePlanReader = (userId: string, planId: string) => Promise<PresencePlan | undefined>;

/**
 * Where the presence socket finds plans. Identity owns the socket but not the plans (lending does, and lending
 * depends on identity), so the owner of the data hands its reader in at start-up; with none, every plan is unknown.
 */
@Injectable()
export class PresencePlans {
  private reader: PresencePlanReader = () => Promise.resolve(undefined);

  provide(reader: PresencePlanReader): void {
    this.reader = reader;
  }

  read(userId: string, planId: string): Promise<PresencePlan | undefined> {
    return this.reader(userId, planId);
  }
}
