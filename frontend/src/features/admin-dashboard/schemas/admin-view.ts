/** The Admin dashboard's view owned by the URL: the tab, the filters of each tab and the open event. */
import { z } from 'zod';

export const ADMIN_TABS = ['events', 'audit', 'performance', 'imports', 'health'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const EVENT_WINDOWS = [1, 7, 14, 30, 90] as const;

export const adminViewSchema = z.object({
  tab: z.enum(ADMIN_TABS).default('events'),
  type: z
    .string()
    .regex(/^[a-z_]{1,64}$/)
    .optional(),
  severity: z.enum(SEVERITIES).optional(),
  days: z.coerce
    .number()
    .int()
    .refine((value) => (EVENT_WINDOWS as readonly number[]).includes(value))
    .default(14),
  /** The security event open in the drawer. */
  event: z.coerce.number().int().positive().optional(),
  action: z.string().max(100).optional(),
  actor: z.string().max(320).optional(),
  target: z.string().max(100).optional(),
});

export type AdminView = z.infer<typeof adminViewSchema>;
