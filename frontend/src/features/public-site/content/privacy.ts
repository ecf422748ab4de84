/** /privacy: exactly what this installation stores, why, who reads it and for how long. */
import type { ContentSection } from './section';

export const privacyLead =
  'This installation is operated by the organisation that runs it; it is the controller of the data below. The platform itself sends nothing to third parties.';

export const privacySections: readonly ContentSection[] = [
  {
    heading: 'Accounts',
    items: [
      'Email address, role (analyst or administrator) and the password hash kept by the authentication service.',
      'For administrators: the TOTP secret, encrypted in the database, and ten backup codes stored only as bcrypt hashes.',
      'Kept while the account exists; an administrator removes accounts.',
    ],
  },
  {
    heading: 'Security events and audit trail',
    items: [
      'Security events: failed second-factor codes, lockouts, second-factor set-ups and what the browser monitors report (for example an injection attempt), with the user, the browser user agent and the time.',
      'Audit trail: every administrative action with who did it and what changed.',
      'Both are append-only so they can serve as evidence; they are kept until the operator archives them. Only administrators read them.',
    ],
  },
  {
    heading: 'Contact messages',
    items: [
      'What you type into the contact form (name, email, topic, message) and your browser user agent.',
      'Read only by administrators who passed their second factor; used only to answer you.',
      'Deleted automatically 180 days after they arrive.',
    ],
  },
  {
    heading: 'In your browser',
    items: [
      'Your session (local storage), ended after 15 minutes without activity.',
      'Your theme choice (local storage) and whether the sidebar is collapsed (a cookie kept 7 days).',
      'No analytics, advertising or third-party scripts are loaded.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'To see, correct or delete what this installation holds about you, write through the contact page or to the administrator who gave you access.',
    ],
  },
];
