import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { parseWith } from '../../platform/http/zod-body.js';
import { LogIn } from '../application/log-in.command.js';
import { RegisterBorrower } from '../application/register-borrower.command.js';
import { Public } from '../../platform/http/access.decorators.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { authResultSchema } from './auth-response.schemas.js';

// Spaces, dots, dashes and brackets are how people write numbers, not part of them: "+91 98765-43210" is one phone.
const phone = z
  .string()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{10,15}$/, 'must be 10 to 15 digits, optionally starting with +'));

export const registerBody = z.strictObject({
  name: z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters'),
  email: z.email('must be a valid email address').max(254),
  phone,
  password: z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters'),
});

export const loginBody = z
  .strictObject({
    email: z.email('must be a valid email address').optional(),
    phone: phone.optional(),
    password: z.string().min(1, 'is required').max(200),
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.phone), { message: 'give either email or phone', path: ['email'] });

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenIssuer,
  ) {}

  @Post('register')
  @Public()
  @ApiOperation({ summary: 'Register a borrower account; answers {token, user} and sets the token cookie' })
  @ApiBody({ schema: z.toJSONSchema(registerBody) as object })
  @ApiCreatedResponse({ schema: z.toJSONSchema(authResultSchema) as object })
  async register(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const result = await this.commands.execute(new RegisterBorrower(parseWith(registerBody, body)));
    this.setCookie(res, result.token);
    return result;
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in (borrower or staff) with {email, password} or {phone, password}' })
  @ApiBody({ schema: z.toJSONSchema(loginBody) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(authResultSchema) as object })
  async login(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const result = await this.commands.execute(new LogIn(parseWith(loginBody, body)));
    this.setCookie(res, result.token);
    return result;
  }

  private setCookie(res: Response, token: string): void {
    res.cookie('token', token, { maxAge: this.tokens.cookieMaxAgeMs, httpOnly: true, sameSite: 'lax', secure: this.tokens.secureCookies, path: '/' });
  }
}
