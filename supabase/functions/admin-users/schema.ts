import { z } from 'zod';

/** What the page asks for; the server functions check everything again. */
export const userActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    email: z.string().trim().min(3).max(320),
    role: z.enum(['analyst', 'admin']),
    display_name: z.string().trim().max(120).optional(),
  }),
  z.object({
    action: z.enum(['disable', 'enable', 'sign_out', 'reset_password']),
    user_id: z.uuid(),
  }),
]);

export type UserAction = z.infer<typeof userActionSchema>;
