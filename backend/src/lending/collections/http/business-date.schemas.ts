import { z } from 'zod';

/** A calendar day the database stores and the schedule math handles (PostgreSQL has no year 0). */
export const businessDateBody = z.strictObject({
  date: z.iso
    .date('date must be a date (YYYY-MM-DD)')
    .refine((v) => v >= '1900-01-01' && v <= '2999-12-31', 'date must be between 1900-01-01 and 2999-12-31'),
});

export const businessDateSchema = z.strictObject({
  date: z.string().describe('YYYY-MM-DD'),
  mode: z.enum(['automatic', 'manual']),
  timeZone: z.string(),
  setBy: z.string().optional().describe('manual mode, once set: the staff user who set it'),
  setAt: z.string().optional(),
});
