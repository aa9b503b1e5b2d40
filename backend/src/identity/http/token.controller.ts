import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Roles } from '../../platform/http/access.decorators.js';
import { RegenerateToken } from '../application/regenerate-token.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { tokenSchema } from './auth-response.schemas.js';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('token')
export class TokenController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenIssuer,
  ) {}

  @Post('regenerate')
  @Roles('borrower', 'staff')
  @HttpCode(200)
  @ApiOperation({ summary: "A fresh token for the caller's own session (after device-reload); answers {token} and resets the cookie" })
  @ApiOkResponse({ schema: z.toJSONSchema(tokenSchema) as object })
  async regenerate(@CurrentUser() user: AuthenticatedUser, @Res({ passthrough: true }) res: FastifyReply) {
    const result = await this.commands.execute(new RegenerateToken(user));
    this.tokens.setCookie(res, result.token);
    return result;
  }
}
