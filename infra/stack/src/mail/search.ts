/** Mailpit-style search over caught messages (https://mailpit.axllent.org/docs/usage/search-filters/). */
import type { CaughtMessage } from './message.js';

/** Mailpit's search words: `to:`, `from:`, `subject:` and bare words (all must match). */
export function matches(message: CaughtMessage, query: string): boolean {
  const words = query.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  const haystack = (list: { Name: string; Address: string }[]) =>
    list.map((a) => `${a.Name} ${a.Address}`.toLowerCase()).join(' ');
  return words.every((word) => {
    const [, field, rawValue] = /^(to|from|subject):(.*)$/i.exec(word) ?? [undefined, '', word];
    const value = rawValue!.replace(/"/g, '').toLowerCase();
    switch (field?.toLowerCase()) {
      case 'to':
        return haystack([...message.to, ...message.cc, ...message.bcc]).includes(value);
      case 'from':
        return haystack([message.from]).includes(value);
      case 'subject':
        return message.subject.toLowerCase().includes(value);
      default:
        return `${message.subject} ${message.text} ${haystack([message.from, ...message.to])}`
          .toLowerCase()
          .includes(value);
    }
  });
}
