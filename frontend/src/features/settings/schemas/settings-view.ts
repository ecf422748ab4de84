/** The page's view state, kept in the URL: the setting whose history is open. */
import { z } from 'zod';

export const settingsViewSchema = z.object({
  history: z
    .string()
    .regex(/^[a-z_]+(\.[a-z0-9_-]+)+$/)
    .optional(),
});
