import { z } from 'zod';

export const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime: z.number(),
});
