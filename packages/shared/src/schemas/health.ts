import { z } from 'zod';
import { successWith } from './common';

export const healthResponseSchema = successWith({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptime: z.number(),
});
