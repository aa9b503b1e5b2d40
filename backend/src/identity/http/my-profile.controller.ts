import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { GetSignedInUser } from '../application/get-signed-in-user.handler.js';
import { UpdateMyProfile } from '../application/update-my-profile.handler.js';
import { CurrentUser, type AuthenticatedUser } from '../auth/authenticated-user.js';
import { publicUserSchema } from './auth-response.schemas.js';
import { editBody, personNameSchema, phoneSchema } from './user-fields.schemas.js';

/** The portal's Profile section; the whole record may be sent back, its read-only fields are ignored. */
export const updateMyProfileBody = editBody(
  {
    name: personNameSchema.optional(),
    phone: phoneSchema.optional(),
    phoneProof: z
      .string()
      .max(4000, 'is not a proof')
      .optional()
      .describe('needed when the phone changes: the proof POST /api/public/otp/verify answered for the new phone with purpose phone'),
  },
  ['id', '_id', 'email', 'role', 'status', 'roleId', 'permissions', 'createdAt', 'emailVerified'],
);

@ApiTags('users')
@ApiBearerAuth()
@Controller('me/profile')
export class MyProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Roles('borrower')
  @ApiOperation({ summary: 'My profile (the portal Profile section): {_id, id, name, email, phone, ...}' })
  @ApiOkResponse({ schema: z.toJSONSchema(publicUserSchema) as object })
  async get(@CurrentUser() me: AuthenticatedUser) {
    return (await this.queries.execute(new GetSignedInUser(me))).user;
  }

  @Put()
  @Roles('borrower')
  @ApiOperation({
    summary: 'Change my name or phone; a new phone needs `phoneProof` (403 phone-not-verified naming it otherwise); email is read-only',
  })
  @ApiBody({ schema: z.toJSONSchema(updateMyProfileBody, { io: 'input' }) as object })
  @ApiOkResponse({ schema: z.toJSONSchema(publicUserSchema) as object })
  update(@CurrentUser() me: AuthenticatedUser, @Body() body: unknown) {
    const { phoneProof, ...change } = parseWith(updateMyProfileBody, body);
    return this.commands.execute(new UpdateMyProfile(me, change, phoneProof));
  }
}
