/** /contact: who answers what, before the form. */
import type { ContentSection } from './section';

export const contactSections: readonly ContentSection[] = [
  {
    heading: 'Who reads your message',
    paragraphs: [
      'Messages go to the administrators of this installation, who read them after signing in with their second factor. For access to the platform, say which team you are in and who asked you to use it.',
      'Reporting a vulnerability in this installation: choose "Reporting a security issue", describe what you found and how to reproduce it, and please do not test further before we answer.',
    ],
  },
];
