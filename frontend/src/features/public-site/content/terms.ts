/** /terms: the conditions of use of an installation and of the intelligence in it. */
import type { ContentSection } from './section';

export const termsSections: readonly ContentSection[] = [
  {
    heading: 'Who may use it',
    paragraphs: [
      'The public pages are open to anyone. The platform is for people who were given an account by the organisation that operates this installation, for that organisation\u2019s security work.',
    ],
  },
  {
    heading: 'Sharing the intelligence',
    items: [
      'Every record carries a TLP marking. TLP:CLEAR may be shared freely; TLP:GREEN within your community; TLP:AMBER and AMBER+STRICT only as far as the marking allows; TLP:RED not at all.',
      'Public sources keep their own licences: CISA KEV and the CVE List are public; FIRST EPSS, MITRE ATT&CK, MISP galaxies and the abuse.ch feeds are used under their published terms of use.',
    ],
  },
  {
    heading: 'Acceptable use',
    items: [
      'Do not probe, overload or try to get around the access controls of the installation; the hardening suite and the rate limits exist because such attempts happen.',
      'Indicators are shown defanged for a reason: do not visit malicious addresses from a work machine.',
    ],
  },
  {
    heading: 'No warranty',
    paragraphs: [
      'Intelligence can be wrong, late or incomplete. Scores such as EPSS are probabilities, not predictions. Decisions remain yours; the platform is provided as is.',
    ],
  },
];
