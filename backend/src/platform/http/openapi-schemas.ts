import { z } from 'zod';

/** A problem answer (RFC 9457) as the one exception filter writes it, for @ApiDefaultResponse. */
export const problemSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  message: z.string(),
  instance: z.string().optional(),
  fields: z.array(z.strictObject({ name: z.string(), message: z.string() })).optional(),
});

/** JSON Schema of a zod schema for @nestjs/swagger decorators. */
export const openApi = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
