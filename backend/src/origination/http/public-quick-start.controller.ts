import { Body, Controller, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BorrowerSignUp, type SignUpContext, type SignUpCredential } from '../../identity/public/index.js';
import { Public } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { FinishQuickStart } from '../application/finish-quick-start.handler.js';
import { SaveQuickStartStep, StartQuickStart } from '../application/quick-start.commands.js';
import { OriginationError } from '../domain/origination.errors.js';
import { isQuickStartStep, QUICK_START_STEPS, STEP_INPUT, type QuickStartStep } from '../domain/quick-start.js';
import { openApi, problemSchema } from './origination-response.schemas.js';
import { proofBody, quickStartFinishedSchema, quickStartSchema, splitProof } from './quick-start.schemas.js';
import { requestHeader } from '../../platform/http/request-header.js';

const deviceId = z
  .string()
  .trim()
  .min(8, 'must be at least 8 characters')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9._:-]+$/, 'may hold only letters, digits and . _ : -');
/** How the borrower signs in from now on: exactly one of a password and a social sign-in's ID token. */
export const finishBody = z
  .strictObject({
    proof: z.string().max(4000).optional(),
    password: z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters').optional(),
    idToken: z
      .string()
      .min(10, 'must be a Firebase ID token')
      .max(10_000, 'must be a Firebase ID token')
      .optional()
      .describe('instead of password: the ID token of a social sign-in (Firebase)'),
    deviceId: deviceId.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.password !== undefined && body.idToken !== undefined)
      ctx.addIssue({ code: 'custom', path: ['idToken'], message: 'give a password or an idToken, not both' });
    else if (body.password === undefined && body.idToken === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required (or an idToken from a social sign-in)' });
  });

const credentialOf = ({ password, idToken }: { password?: string; idToken?: string }): SignUpCredential =>
  idToken !== undefined ? { idToken } : { password: password! };

const stepParam = (value: string): QuickStartStep => {
  if (!isQuickStartStep(value))
    throw new OriginationError(
      'QUICK_START.STEP_NOT_FOUND',
      'not-found',
      `There is no quick start step "${value}"; steps: ${QUICK_START_STEPS.join(', ')}.`,
      { step: value },
    );
  return value;
};

/** Where a call comes from, as at login: the device id (body, else X-Device-Id), the address, the agent. */
const contextOf = (req: FastifyRequest, bodyDeviceId?: string): SignUpContext => {
  const header = requestHeader(req, 'x-device-id')?.trim();
  const device =
    bodyDeviceId ?? (header ? parseWith(z.strictObject({ 'X-Device-Id': deviceId }), { 'X-Device-Id': header })['X-Device-Id'] : undefined);
  return {
    deviceId: device,
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: requestHeader(req, 'user-agent') ?? undefined,
  };
};

/**
 * Quick start (/quickStart in the portal): public, but every call presents the `proof` that
 * `POST /api/public/otp/verify` answered for purpose quick-start (403 phone-not-verified without it), and is limited per
 * address. A phone that already has an account is told to sign in (409 sign-in-instead).
 */
@ApiTags('quick start')
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('public/quick-start')
export class PublicQuickStartController {
  constructor(
    private readonly commands: CommandBus,
    private readonly signUps: BorrowerSignUp,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start (a lead, source quickStart) or resume (the same phone, within 30 days) a quick start; answers the answers so far and the page to continue on',
  })
  @ApiBody({ schema: openApi(proofBody) })
  @ApiOkResponse({ schema: openApi(quickStartSchema) })
  start(@Body() body: unknown, @Req() req: FastifyRequest) {
    const { proof } = parseWith(proofBody, body);
    return this.commands.execute(new StartQuickStart(proof, contextOf(req)));
  }

  @Put('steps/:step')
  @Public()
  @ApiParam({ name: 'step', enum: QUICK_START_STEPS })
  @ApiOperation({
    summary:
      "Save one step's answers ({proof, ...fields}; steps in order, an earlier one may be changed); answers the quick start. See docs/origination.md for each step's fields",
  })
  @ApiOkResponse({ schema: openApi(quickStartSchema) })
  save(@Param('step') step: string, @Body() body: unknown, @Req() req: FastifyRequest) {
    const name = stepParam(step);
    const { proof, fields } = splitProof(body);
    return this.commands.execute(new SaveQuickStartStep(proof, name, parseWith(STEP_INPUT[name], fields), contextOf(req)));
  }

  @Post('finish')
  @Public()
  @ApiOperation({
    summary:
      'Finish with a password or a social sign-in (idToken, exactly one): the borrower, signed in on this device (as login; sets the token cookie), and the application in new; answers where to land. Once: a repeat is told to sign in',
  })
  @ApiBody({ schema: openApi(finishBody) })
  @ApiCreatedResponse({ schema: openApi(quickStartFinishedSchema) })
  async finish(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const { proof, deviceId: device, ...credential } = parseWith(finishBody, body);
    const result = await this.commands.execute(new FinishQuickStart(proof, credentialOf(credential), contextOf(req, device)));
    this.signUps.setSessionCookie(res, result.token);
    return result;
  }
}
