import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../identity/public/index.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { openApi } from '../../platform/http/openapi-schemas.js';
import { ApiSignedIn } from '../../platform/http/openapi.decorators.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { RaiseIssue, ReplyToMyIssue } from '../application/help-issue.commands.js';
import { GetMyIssue, ListMyIssues } from '../application/help-issue.queries.js';
import { issueIdParam, myIssueRowSchema, myIssueSchema, raiseIssueBody, replyBody } from './help-issue.schemas.js';

const inputSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input' }) as object;

/** The borrower's help issues (/User/Help): raise one, follow it, add to it; another borrower's is 404. */
@ApiTags('borrower help')
@ApiSignedIn()
@Controller('me/issues')
export class MyIssuesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @Roles('borrower')
  @ApiOperation({
    summary:
      'Raise an issue: a category, optionally one of my loans, the message, and up to 5 of my uploads (POST /api/me/documents) by id',
  })
  @ApiBody({ schema: inputSchema(raiseIssueBody) })
  @ApiCreatedResponse({ schema: openApi(myIssueSchema) })
  raise(@CurrentActor() me: Actor, @Body() body: unknown) {
    return this.commands.execute(new RaiseIssue(me.id, parseWith(raiseIssueBody, body)));
  }

  @Get()
  @Roles('borrower')
  @ApiOperation({ summary: 'My issues, newest first, each with its age against the service level' })
  @ApiOkResponse({ schema: openApi(z.array(myIssueRowSchema)) })
  list(@CurrentActor() me: Actor) {
    return this.queries.execute(new ListMyIssues(me.id));
  }

  @Get(':id')
  @Roles('borrower')
  @ApiOperation({ summary: "One of my issues with its replies (staff's internal notes are not shown); another borrower's is 404" })
  @ApiOkResponse({ schema: openApi(myIssueSchema) })
  get(@CurrentActor() me: Actor, @Param('id') id: string) {
    return this.queries.execute(new GetMyIssue(me.id, parseWith(issueIdParam, id)));
  }

  @Post(':id/replies')
  @Roles('borrower')
  @ApiOperation({ summary: 'Add to my issue (a resolved one is reopened; a closed one is 409)' })
  @ApiBody({ schema: inputSchema(replyBody) })
  @ApiCreatedResponse({ schema: openApi(myIssueSchema) })
  reply(@CurrentActor() me: Actor, @Param('id') id: string, @Body() body: unknown) {
    const issueId = parseWith(issueIdParam, id);
    return this.commands.execute(new ReplyToMyIssue(me.id, issueId, parseWith(replyBody, body).message));
  }
}
