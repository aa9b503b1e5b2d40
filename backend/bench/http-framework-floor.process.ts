import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import {
  BadRequestException,
  Body,
  type CanActivate,
  ConflictException,
  Controller,
  type ExecutionContext,
  HttpCode,
  Injectable,
  Module,
  Param,
  Post,
  Req,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { answerTheBench, floorApproval, type Claims } from './floor-approval.js';

/**
 * The floor's approval (floor-approval.ts) served by NestJS, on the adapter `BENCH_FRAMEWORK` names (`express`, Nest's
 * default, as the API runs; or `fastify`, @nestjs/platform-fastify): a controller, a guard that verifies the bearer
 * token, Nest's JSON body parsing and its answer, and nothing of the application. Forked by http-bench.ts beside the
 * plain node:http floor, so that what the framework costs an approval on each adapter is measured, not guessed
 * (issue 30 item 1: "NestJS on its Fastify adapter, or a trimmed Express stack, whichever the figures favour").
 */
const { BENCH_DATABASE_URL: databaseUrl, BENCH_JWT_SECRET: jwtSecret, BENCH_FRAMEWORK: framework } = process.env;
if (!databaseUrl || !jwtSecret || !process.send || (framework !== 'express' && framework !== 'fastify')) {
  process.stderr.write('http-framework-floor.process is forked by http-bench.ts (BENCH_DATABASE_URL, BENCH_JWT_SECRET, BENCH_FRAMEWORK)\n');
  process.exit(1);
}
const floor = floorApproval(databaseUrl, jwtSecret);

type WithClaims = { headers: Record<string, string | string[] | undefined>; claims?: Claims };

@Injectable()
class BearerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<WithClaims>();
    const authorization = request.headers.authorization;
    const claims = floor.verify(typeof authorization === 'string' ? authorization : undefined);
    if (!claims) throw new UnauthorizedException();
    request.claims = claims;
    return true;
  }
}

@Controller('api/admin/loans')
@UseGuards(BearerGuard)
class FloorLoansController {
  @Post(':id/approve-soft')
  @HttpCode(200)
  async approve(@Param('id') id: string, @Body() body: { score?: unknown }, @Req() request: WithClaims): Promise<unknown> {
    if (!Number.isInteger(body?.score)) throw new BadRequestException('score must be a whole number');
    const result = await floor.approve(id, request.claims!, body.score as number);
    if (result.status !== 200) throw new ConflictException(result.body);
    return result.body;
  }
}

@Module({ controllers: [FloorLoansController], providers: [BearerGuard] })
class FloorModule {}

const app =
  framework === 'fastify'
    ? await NestFactory.create(FloorModule, new FastifyAdapter(), { logger: ['error'] })
    : await NestFactory.create(FloorModule, { logger: ['error'] });
await app.listen(0, '127.0.0.1');
answerTheBench((app.getHttpServer().address() as AddressInfo).port, async () => {
  await app.close();
  await floor.end();
});
