/** The page's view state, kept in the URL: the source open in the drawer and the attention filter. */
import { z } from 'zod';

export const sourceViewSchema = z.object({
  source: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional(),
  attention: z.enum(['1']).optional(),
});

export type SourceView = z.infer<typeof sourceViewSchema>;
