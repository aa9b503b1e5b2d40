import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { QuickStartApplications, type QuickStartApplication, type StartedApplication } from '../../../origination/public/index.js';
import { StartLoanApplicationCommand } from './start-loan-application.handler.js';

/** Origination's QuickStartApplications: the borrower's application, started as the borrower starts one in the portal. */
@Injectable()
export class PipelineQuickStartApplications implements QuickStartApplications {
  constructor(private readonly commands: CommandBus) {}

  start(borrowerId: string, application: QuickStartApplication, idempotencyKey: string): Promise<StartedApplication> {
    return this.commands.execute(new StartLoanApplicationCommand({ id: borrowerId, role: 'borrower' }, application, idempotencyKey));
  }
}
