import { Body, Controller, Delete, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { CurrentSession, type CurrentDeviceSession } from '../../identity/public/index.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { DeletePushTokenCommand } from '../application/push/delete-push-token.handler.js';
import { RefreshPushTokenCommand } from '../application/push/refresh-push-token.handler.js';
import { RegisterPushTokenCommand } from '../application/push/register-push-token.handler.js';
import { pushTokenBody, pushTokenIdParam, pushTokenSchema } from './push.schemas.js';

/** The borrower's push registrations, one per device (spec §3, §4); another borrower's is "not found". */
@ApiTags('borrower push')
@ApiSignedIn()
@Controller('me/push-tokens')
export class MyPushTokensController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @Roles('borrower')
  @ApiOperation({ summary: "Register this device for pushes (replaces this device's earlier registration)" })
  @ApiBody({ schema: z.toJSONSchema(pushTokenBody, { io: 'input' }) as object })
  @ApiCreatedResponse({ schema: openApi(pushTokenSchema) })
  register(@CurrentSession() session: CurrentDeviceSession, @Body() body: unknown) {
    const { token, options } = parseWith(pushTokenBody, body);
    return this.commands.execute(new RegisterPushTokenCommand(session, token, options));
  }

  @Patch(':id')
  @Roles('borrower')
  @ApiOperation({ summary: 'Refresh a registration (after 7 days, or a new FCM token): token and options replace the stored ones' })
  @ApiBody({ schema: z.toJSONSchema(pushTokenBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: openApi(pushTokenSchema) })
  refresh(@CurrentSession() session: CurrentDeviceSession, @Param('id') id: string, @Body() body: unknown) {
    const tokenId = parseWith(pushTokenIdParam, id);
    const { token, options } = parseWith(pushTokenBody, body);
    return this.commands.execute(new RefreshPushTokenCommand(session, tokenId, token, options));
  }

  @Delete(':id')
  @Roles('borrower')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a registration (sign-out, notifications turned off)' })
  @ApiNoContentResponse({ description: 'removed' })
  async remove(@CurrentSession() session: CurrentDeviceSession, @Param('id') id: string): Promise<void> {
    await this.commands.execute(new DeletePushTokenCommand(session.userId, parseWith(pushTokenIdParam, id)));
  }
}
