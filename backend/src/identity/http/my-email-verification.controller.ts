import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ConfirmEmailVerification } from '../application/confirm-email-verification.handler.js';
import { RequestEmailVerification } from '../application/request-email-verification.handler.js';
import { ONE_TIME_CODE } from '../domain/one-time-code.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUserSchema } from './auth-response.schemas.js';

export const confirmEmailVerificationBody = z.strictObject({
  code: z
    .string('must be the code we emailed you')
    .trim()
    .regex(new RegExp(`^[0-9]{${ONE_TIME_CODE.digits}}$`), `must be the ${ONE_TIME_CODE.digits} digits we emailed you`),
});
export const emailCodeSentSchema = z.strictObject({
  email: z.string().describe('where the code went: the email on the profile'),
  expiresAt: z.string(),
  digits: z.number().int(),
});

/**
 * The borrower proves the email on their profile (migration 0060): a 6-digit code sent to it (30 minutes, 5 tries,
 * 5 sends an hour), typed back. Signed documents go only to a verified email (docs/compliance.md).
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller('me/email-verification')
export class MyEmailVerificationController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @Roles('borrower')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Email a 6-digit code (valid 30 minutes) to the email on my profile; replaces an earlier code. 409 already-verified, 422 no-email, 429 past 5 an hour',
  })
  @ApiOkResponse({ schema: z.toJSONSchema(emailCodeSentSchema) as object })
  send(@CurrentUser() me: AuthenticatedUser) {
    return this.commands.execute(new RequestEmailVerification(me));
  }

  @Post('confirm')
  @Roles('borrower')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Confirm my email with {code}; answers my profile with emailVerified true. 400 naming `code` when wrong (5 wrong tries void it), expired or none was sent',
  })
  @ApiBody({ schema: z.toJSONSchema(confirmEmailVerificationBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(publicUserSchema) as object })
  confirm(@CurrentUser() me: AuthenticatedUser, @Body() body: unknown) {
    const { code } = parseWith(confirmEmailVerificationBody, body);
    return this.commands.execute(new ConfirmEmailVerification(me, code));
  }
}
