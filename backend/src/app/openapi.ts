import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/**
 * Operation ids keep the names clients already know: the controllers the lending split (issue 29) cut out of
 * AdminLoansController and MyLoansController answer under their old names, so the document did not change.
 */
const FORMER_CONTROLLER: Record<string, string> = {
  AdminLoanPipelineController: 'AdminLoansController',
  MyLoanApplicationController: 'MyLoansController',
};

/** The OpenAPI document of the API (served at /api/docs/openapi.json; the frontends' types are generated from it). */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Lending platform API')
      .setDescription('Event-sourced loan pipeline. Money is integer minor units. Errors are RFC 9457 problem details.')
      .setVersion('0.1.0')
      .addBearerAuth()
      .build(),
    { operationIdFactory: (controllerKey, methodKey) => `${FORMER_CONTROLLER[controllerKey] ?? controllerKey}_${methodKey}` },
  );
}
