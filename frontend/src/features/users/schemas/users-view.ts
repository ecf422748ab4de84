/** The page's view state, kept in the URL: the tab, the search, the page and the user open in the drawer. */
import { z } from 'zod';
import { searchTextParam } from '@/lib/search-text';

export const USER_MANAGEMENT_TABS = ['users', 'groups'] as const;

export const usersViewSchema = z.object({
  tab: z.enum(USER_MANAGEMENT_TABS).default('users'),
  q: searchTextParam(),
  page: z.coerce.number().int().min(0).max(10_000).optional(),
  user: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional(),
});

export type UsersView = z.infer<typeof usersViewSchema>;
