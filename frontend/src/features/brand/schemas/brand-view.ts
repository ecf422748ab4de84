/** Brand Protection's view state, owned by the URL: the open watch, its family filter and search. */
import { z } from 'zod';
import { searchTextParam } from '@/lib/search-text';

export const brandViewSchema = z.object({
  /** The watched domain whose lookalikes are shown. */
  watch: z.string().uuid().optional(),
  family: z
    .string()
    .regex(/^[a-z-]{3,30}$/)
    .optional(),
  q: searchTextParam(),
});

export type BrandView = z.infer<typeof brandViewSchema>;
