import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiDefaultResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../identity/public/index.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { GetProfileSectionsQuery } from '../application/get-profile-sections.handler.js';
import { SaveProfileSection } from '../application/save-profile-section.handler.js';
import { unknownSection } from '../domain/origination.errors.js';
import { isProfileSection, PROFILE_SECTIONS, SECTION_INPUT, type ProfileSection } from '../domain/profile-sections.js';
import { openApi, problemSchema, sectionSchema } from './origination-response.schemas.js';

/** Read-only members a form may send back with the section it read: accepted and dropped. */
const READ_ONLY = ['section', 'status', 'reason', 'updatedAt', 'reviewedAt'];

export function sectionParam(value: string): ProfileSection {
  if (!isProfileSection(value)) throw unknownSection(value);
  return value;
}

/** The borrower's seven profile sections (/User/Profile/*): each validated on the server with a message per field. */
@ApiTags('borrower profile')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('me/profile')
export class MyProfileSectionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('sections')
  @Roles('borrower')
  @ApiOperation({ summary: 'All seven sections with their status: missing, complete, verified or rejected (with the reason)' })
  @ApiOkResponse({ schema: openApi(z.array(sectionSchema)) })
  all(@CurrentActor() me: Actor) {
    return this.queries.execute(new GetProfileSectionsQuery(me.id));
  }

  @Get(':section')
  @Roles('borrower')
  @ApiParam({ name: 'section', enum: PROFILE_SECTIONS })
  @ApiOperation({ summary: 'One section: {section, status, reason, data}' })
  @ApiOkResponse({ schema: openApi(sectionSchema) })
  one(@CurrentActor() me: Actor, @Param('section') section: string) {
    return this.queries.execute(new GetProfileSectionsQuery(me.id, sectionParam(section)));
  }

  @Put(':section')
  @Roles('borrower')
  @ApiParam({ name: 'section', enum: PROFILE_SECTIONS })
  @ApiOperation({
    summary:
      "Save a section (its fields, or the section as read with them in `data`); answers it with status complete. See docs/origination.md for each section's fields",
  })
  @ApiOkResponse({ schema: openApi(sectionSchema) })
  save(@CurrentActor() me: Actor, @Param('section') section: string, @Body() body: unknown) {
    const name = sectionParam(section);
    // A form may send back what it read ({section, status, data: {...}}): its fields are in `data`.
    const raw =
      body && typeof body === 'object' && 'data' in body && typeof (body as { data: unknown }).data === 'object'
        ? (body as { data: unknown }).data
        : body;
    const fields = raw && typeof raw === 'object' ? Object.fromEntries(Object.entries(raw).filter(([k]) => !READ_ONLY.includes(k))) : raw;
    const withoutDerived =
      name === 'bank' && fields && typeof fields === 'object'
        ? dropMaskedAccount(fields as Record<string, unknown>)
        : name === 'profile'
          ? dropIdentityFields(fields)
          : fields;
    const input = parseWith(SECTION_INPUT[name], withoutDerived);
    return this.commands.execute(new SaveProfileSection({ id: me.id, role: 'borrower' }, name, input));
  }
}

/** The masked number read back ("XXXXXX1234") means "keep the stored one"; `accountLast4` is derived. */
function dropMaskedAccount(fields: Record<string, unknown>) {
  const { accountLast4: _derived, ...rest } = fields;
  if (typeof rest.accountNumber === 'string' && rest.accountNumber.startsWith('XXXXXX')) delete rest.accountNumber;
  return rest;
}

/** Name, email and phone are read from the account (changed at PUT /api/me/profile), not saved here. */
function dropIdentityFields(fields: unknown) {
  if (!fields || typeof fields !== 'object') return fields;
  const { name: _name, email: _email, phone: _phone, ...rest } = fields as Record<string, unknown>;
  return rest;
}
