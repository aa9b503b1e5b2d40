import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Public } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { RequestOneTimeCode } from '../application/request-one-time-code.handler.js';
import { VerifyOneTimeCode } from '../application/verify-one-time-code.handler.js';
import { ONE_TIME_CODE, PUBLIC_OTP_PURPOSES } from '../domain/one-time-code.js';
import { clientIp } from './request-context.js';
import { phoneSchema } from './user-fields.schemas.js';

const otpPhone = phoneSchema;
const purpose = z.enum(PUBLIC_OTP_PURPOSES, {
  error: `must be one of ${PUBLIC_OTP_PURPOSES.join(', ')} (e-sign codes are sent by the signing page)`,
});
export const requestOtpBody = z.strictObject({ phone: otpPhone, purpose });
export const verifyOtpBody = z.strictObject({
  phone: otpPhone,
  purpose,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${ONE_TIME_CODE.digits}}$`), `must be the ${ONE_TIME_CODE.digits} digits sent by SMS`),
});
export const otpSentSchema = z.strictObject({
  phone: z.string(),
  purpose: z.enum(PUBLIC_OTP_PURPOSES),
  expiresAt: z.string(),
  digits: z.number().int(),
});
export const phoneProofSchema = z.strictObject({
  proof: z.string().describe('present it as `proof` to the calls that need a verified phone'),
  expiresIn: z.number().int().describe('seconds'),
});

/** One-time codes by SMS: 6 digits, 5 minutes, 5 tries, limited per phone and per address (identity/domain/one-time-code.ts). */
@ApiTags('one-time codes')
@Controller('public/otp')
export class PublicOtpController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Send a one-time code by SMS to {phone} for {purpose}; replaces an earlier code; 429 past the limits per phone and per address',
  })
  @ApiBody({ schema: z.toJSONSchema(requestOtpBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(otpSentSchema) as object })
  send(@Body() body: unknown, @Req() req: FastifyRequest) {
    const { phone, purpose } = parseWith(requestOtpBody, body);
    return this.commands.execute(new RequestOneTimeCode(phone, purpose, clientIp(req)));
  }

  @Post('verify')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the code; answers a proof of the phone, valid 30 minutes, for the calls that follow' })
  @ApiBody({ schema: z.toJSONSchema(verifyOtpBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(phoneProofSchema) as object })
  verify(@Body() body: unknown, @Req() req: FastifyRequest) {
    const { phone, purpose, code } = parseWith(verifyOtpBody, body);
    return this.commands.execute(new VerifyOneTimeCode(phone, purpose, code, clientIp(req)));
  }
}
