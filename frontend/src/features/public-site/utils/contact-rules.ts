/** The contact form's rules, the same the server applies in submit_contact_message, worded the same. */
import type { ContactMessage } from '@/features/public-site/api/submit-contact-message';

export const NAME_MAX = 200;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

export type ContactProblems = Partial<Record<keyof ContactMessage, string>>;

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function contactProblems(values: ContactMessage): ContactProblems {
  const problems: ContactProblems = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (name.length < 1 || name.length > NAME_MAX)
    problems.name = 'Please give your name (at most 200 characters).';
  if (email.length > 254 || !EMAIL.test(email))
    problems.email = 'Please give an email address we can reply to, like name@example.org.';
  if (values.topic === '') problems.topic = 'Please choose what your message is about.';
  if (message.length < MESSAGE_MIN || message.length > MESSAGE_MAX)
    problems.message = 'Please write a message of 10 to 5,000 characters.';
  return problems;
}
