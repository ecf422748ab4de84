/** RPC `submit_contact_message()`: stores a message for the administrators (validated, rate-limited). */
import { useMutation } from '@tanstack/react-query';
import { callPublicRpc } from './public-rpc';

export const CONTACT_TOPICS = [
  { value: 'access', label: 'Access to this installation' },
  { value: 'security', label: 'Reporting a security issue' },
  { value: 'product', label: 'Questions about the product' },
  { value: 'other', label: 'Something else' },
] as const;

export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];

export interface ContactMessage {
  name: string;
  email: string;
  topic: ContactTopic | '';
  message: string;
}

export async function submitContactMessage(input: ContactMessage): Promise<{ received_at: string }> {
  const rows = await callPublicRpc<{ received_at: string }[]>('submit_contact_message', {
    _name: input.name,
    _email: input.email,
    _topic: input.topic,
    _message: input.message,
  });
  return rows[0] ?? { received_at: new Date().toISOString() };
}

export function useSubmitContactMessage() {
  // A refused message (validation, rate limit) must not be sent again behind the visitor's back.
  return useMutation({ mutationFn: submitContactMessage, retry: false });
}
