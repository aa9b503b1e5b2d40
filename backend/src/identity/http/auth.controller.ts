import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Public } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { LogIn } from '../application/log-in.handler.js';
import { LogOut } from '../application/log-out.handler.js';
import { RegisterBorrower } from '../application/register-borrower.handler.js';
import { RequestPasswordReset } from '../application/request-password-reset.handler.js';
import { ResetPassword } from '../application/reset-password.handler.js';
import { SignInWithFirebase } from '../application/sign-in-with-firebase.handler.js';
import { requestCredential } from '../auth/credentials.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { SessionAuthenticator } from '../auth/session-authenticator.js';
import { authResultSchema, messageSchema, socialAuthResultSchema } from './auth-response.schemas.js';
import { clientIp, deviceIdSchema, signInContext } from './request-context.js';
import { passwordSchema, personNameSchema, phoneSchema } from './user-fields.schemas.js';

export const registerBody = z.strictObject({
  name: personNameSchema,
  email: z.email('must be a valid email address').max(254),
  phone: phoneSchema,
  password: passwordSchema,
  deviceId: deviceIdSchema.optional(),
});

export const loginBody = z
  .strictObject({
    email: z.email('must be a valid email address').optional(),
    phone: phoneSchema.optional(),
    password: z.string().min(1, 'is required').max(200),
    deviceId: deviceIdSchema.optional(),
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.phone), { message: 'give either email or phone', path: ['email'] });

export const socialBody = z.strictObject({
  idToken: z.string().min(10, 'must be a Firebase ID token').max(10_000),
  deviceId: deviceIdSchema.optional(),
});
export const forgotPasswordBody = z.strictObject({ email: z.email('must be a valid email address').max(254) });
export const resetPasswordBody = z.strictObject({
  id: z.string().trim().min(20, 'is not a reset link id').max(200, 'is not a reset link id'),
  password: passwordSchema,
});

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenIssuer,
    private readonly authenticator: SessionAuthenticator,
  ) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Register a borrower account on this device; answers {token, deviceId, user} and sets the token cookie' })
  @ApiBody({ schema: z.toJSONSchema(registerBody) as object })
  @ApiCreatedResponse({ schema: z.toJSONSchema(authResultSchema) as object })
  async register(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const { deviceId, ...input } = parseWith(registerBody, body);
    const result = await this.commands.execute(new RegisterBorrower(input, signInContext(req, deviceId)));
    this.tokens.setCookie(res, result.token);
    return result;
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with {email|phone, password, deviceId}; this device becomes the only signed-in one (others get session-superseded)',
  })
  @ApiBody({ schema: z.toJSONSchema(loginBody) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(authResultSchema) as object })
  async login(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const { deviceId, ...input } = parseWith(loginBody, body);
    const result = await this.commands.execute(new LogIn(input, signInContext(req, deviceId)));
    this.tokens.setCookie(res, result.token);
    return result;
  }

  @Post('social')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange a Firebase ID token for our token; a verified email joins the account with that email' })
  @ApiBody({ schema: z.toJSONSchema(socialBody) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(socialAuthResultSchema) as object })
  async social(@Body() body: unknown, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const { idToken, deviceId } = parseWith(socialBody, body);
    const result = await this.commands.execute(new SignInWithFirebase(idToken, signInContext(req, deviceId)));
    this.tokens.setCookie(res, result.token);
    return result;
  }

  /**
   * Public on purpose: a page whose session already ended must still be able to clear its HttpOnly cookie.
   * A valid token's session is ended on the server; anything else just loses the cookie.
   */
  @Post('logout')
  @Public()
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: ends the session on the server (when the token is valid) and clears the cookie' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    const token = requestCredential(req)?.token;
    if (token) {
      try {
        const user = await this.authenticator.authenticate(this.tokens.verify(token));
        await this.commands.execute(new LogOut(user.sessionId));
      } catch {
        // already ended, expired or forged: nothing to end
      }
    }
    this.tokens.clearCookie(res);
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    summary: 'Email a single-use link to /Auth/confirm-password/{id}; the same answer whether or not the address has an account',
  })
  @ApiBody({ schema: z.toJSONSchema(forgotPasswordBody) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(messageSchema) as object })
  forgotPassword(@Body() body: unknown, @Req() req: FastifyRequest) {
    const { email } = parseWith(forgotPasswordBody, body);
    return this.commands.execute(new RequestPasswordReset(email, clientIp(req)));
  }

  @Post('reset-password')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the id from the emailed link; ends every session of the account' })
  @ApiBody({ schema: z.toJSONSchema(resetPasswordBody) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(messageSchema) as object })
  resetPassword(@Body() body: unknown, @Req() req: FastifyRequest) {
    const { id, password } = parseWith(resetPasswordBody, body);
    return this.commands.execute(new ResetPassword(id, password, clientIp(req)));
  }
}
