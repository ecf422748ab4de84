import { describe, expect, it } from 'vitest';
import { contactProblems } from './contact-rules';

const valid = {
  name: 'Ann',
  email: 'ann@example.org',
  topic: 'access' as const,
  message: 'Please give me access.',
};

describe('contactProblems', () => {
  it('accepts a complete message', () => {
    expect(contactProblems(valid)).toEqual({});
  });

  it('words each problem as the server does', () => {
    expect(contactProblems({ name: ' ', email: 'ann', topic: '', message: 'short' })).toEqual({
      name: 'Please give your name (at most 200 characters).',
      email: 'Please give an email address we can reply to, like name@example.org.',
      topic: 'Please choose what your message is about.',
      message: 'Please write a message of 10 to 5,000 characters.',
    });
  });

  it('counts the message without surrounding spaces and caps it at 5,000 characters', () => {
    expect(contactProblems({ ...valid, message: '   123456789   ' }).message).toBeDefined();
    expect(contactProblems({ ...valid, message: 'x'.repeat(5001) }).message).toBeDefined();
    expect(contactProblems({ ...valid, message: 'x'.repeat(5000) }).message).toBeUndefined();
  });
});
