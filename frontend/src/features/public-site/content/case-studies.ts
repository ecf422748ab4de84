/** /case-studies: workflows the platform supports today, told step by step. No invented customers. */
import type { ContentSection } from './section';

export const caseStudiesLead =
  'These are workflows, not customer stories: each one can be followed on this installation with its demonstration data.';

export const caseStudiesSections: readonly ContentSection[] = [
  {
    heading: 'A vendor appears on the KEV list on a Friday',
    items: [
      'The KEV import runs on its schedule; the dashboard shows the new entry among the latest additions.',
      'Live CVE Feed, filtered to the vendor, shows the EPSS score, the CVSS severity and the federal due date.',
      'External Assets lists which of your hosts run the affected product, so the patch list is ready before Monday.',
    ],
  },
  {
    heading: 'A partner sends a list of indicators',
    items: [
      'Paste the list, defanged or not, into IOC Intelligence: each value is normalised the same way the importers do it.',
      'Values already known show their sources, first and last sighting and TLP; unknown ones can be added with a TLP and confidence.',
      'Upload the last day of Suricata or Zeek logs under Network Monitoring: any match becomes an alert with the matching event as evidence.',
    ],
  },
  {
    heading: 'Which techniques does this actor use, and have we seen them?',
    items: [
      'Open the actor in Enhanced CTI: aliases, associated malware and tools, and the indicators linked to them.',
      'Select it on the ATT&CK matrix to colour its techniques; switch the colouring to your own sightings to compare.',
      'Open a technique to read its description, detections and mitigations from ATT&CK.',
    ],
  },
  {
    heading: 'The monthly briefing for leadership',
    items: [
      'Executive Briefing compares the last 30 days with the 30 before: alerts by severity, newly exploited vulnerabilities, the most active threats.',
      'Export it as a one-page PDF marked with its TLP; nothing the reader may not see is counted in it.',
    ],
  },
];
