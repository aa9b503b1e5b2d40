import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor, RequirePermission } from '../../../identity/public/index.js';
import { Roles } from '../../../platform/http/access.decorators.js';
import { ApiIdempotencyKey, ApiSignedIn } from '../../../platform/http/openapi.decorators.js';
import { parseWith } from '../../../platform/http/zod-body.js';
import { ApproveCoolingOffExitCommand, GetCoolingOffQuery, RequestCoolingOffExitCommand } from '../application/cooling-off.handlers.js';
import { IdempotencyKey } from '../../loan/http/idempotency-key.js';
import { uuidParam } from '../../loan/http/loan-request.schemas.js';
import { openApi } from '../../loan/http/loan-response.schemas.js';

const amounts = z.object({
  principal: z.number().int(),
  interest: z.number().int(),
  fee: z.number().int(),
  alreadyPaid: z.number().int(),
  amount: z.number().int().describe('what ends the loan, in paise'),
  daysHeld: z.number().int(),
  aprBasisPoints: z.number().int(),
});

export const coolingOffSchema = z.object({
  loanId: z.string(),
  coolingOffDays: z.number().int(),
  feeRetained: z.boolean(),
  aprBasisPoints: z.number().int(),
  disbursedOn: z.string().nullable(),
  lastDay: z.string().nullable(),
  deadline: z.string().nullable().describe('ISO instant of the last second of the window (23:59:59 IST on lastDay)'),
  open: z.boolean().describe('an exit can be asked for now'),
  quote: amounts.nullable(),
  exit: amounts
    .extend({
      exitId: z.string(),
      status: z.enum(['pending', 'open', 'exited']),
      requestedBy: z.string(),
      requestedByRole: z.enum(['borrower', 'staff']),
      requestedAt: z.string(),
      exitOn: z.string(),
      lastDay: z.string(),
      deadline: z.string(),
      approvedBy: z.string().optional(),
      approvedAt: z.string().optional(),
      amountPaid: z.number().int().optional(),
      exitedOn: z.string().optional(),
      paidTowards: z.number().int(),
      remaining: z.number().int(),
    })
    .nullable(),
});

/** The borrower's cooling-off exit (issue 33 item 1): see the window and the amount, and ask to exit. */
@ApiTags('borrower loans')
@ApiSignedIn()
@Controller('me')
export class MyCoolingOffController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('loans/:id/cooling-off')
  @Roles('borrower')
  @ApiOperation({ summary: 'The cooling-off window of my loan: the deadline, the amount that ends it today, and my exit if asked' })
  @ApiOkResponse({ schema: openApi(coolingOffSchema) })
  view(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetCoolingOffQuery(parseWith(uuidParam, id), user));
  }

  @Post('loans/:id/cooling-off/exit')
  @Roles('borrower')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({
    summary:
      'Exit my loan in the cooling-off period: fixes the amount (principal + interest for the days held at the APR, no penalty); the loan closes when it is paid. 409 after the deadline, with the reason.',
  })
  @ApiOkResponse({ schema: openApi(coolingOffSchema) })
  exit(@CurrentActor() user: Actor, @Param('id') id: string, @IdempotencyKey() key?: string) {
    return this.commands.execute(new RequestCoolingOffExitCommand(user, parseWith(uuidParam, id), key));
  }
}

/** Staff: the same for a borrower, under maker-checker. */
@ApiTags('admin loans')
@ApiSignedIn()
@Controller('admin')
export class AdminCoolingOffController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('loans/:id/cooling-off')
  @RequirePermission('loans.view')
  @ApiOperation({ summary: "The loan's cooling-off window, today's exit amount, and the exit asked for" })
  @ApiOkResponse({ schema: openApi(coolingOffSchema) })
  view(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetCoolingOffQuery(parseWith(uuidParam, id), user));
  }

  @Post('loans/:id/cooling-off/exit')
  @RequirePermission('loans.cooling-off.exit')
  @HttpCode(200)
  @ApiIdempotencyKey('changes nothing')
  @ApiOperation({ summary: 'Ask for a cooling-off exit for the borrower (the maker): a second person approves it' })
  @ApiOkResponse({ schema: openApi(coolingOffSchema) })
  exit(@CurrentActor() user: Actor, @Param('id') id: string, @IdempotencyKey() key?: string) {
    return this.commands.execute(new RequestCoolingOffExitCommand(user, parseWith(uuidParam, id), key));
  }

  @Post('loans/:id/cooling-off/approve')
  @RequirePermission('loans.cooling-off.approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve the cooling-off exit staff asked for (the checker; 403 same-person for its maker)' })
  @ApiOkResponse({ schema: openApi(coolingOffSchema) })
  approve(@CurrentActor() user: Actor, @Param('id') id: string) {
    return this.commands.execute(new ApproveCoolingOffExitCommand(user, parseWith(uuidParam, id)));
  }
}
