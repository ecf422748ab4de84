/**
 * The public pages' names and titles: what the header, footer and router need up front. Each page's
 * text and components load with the page (public-page-bodies.ts), so the home page carries none of it.
 */
import { publicPaths } from '@/config/paths';

export interface PublicPageContent {
  path: string;
  navLabel: string;
  title: string;
}

export const publicPages: PublicPageContent[] = [
  { path: publicPaths.services, navLabel: 'Services', title: 'Services' },
  { path: publicPaths.caseStudies, navLabel: 'Case studies', title: 'Case studies' },
  { path: publicPaths.about, navLabel: 'About', title: 'About' },
  { path: publicPaths.contact, navLabel: 'Contact', title: 'Contact' },
  { path: publicPaths.whitepaper, navLabel: 'Whitepaper', title: 'Whitepaper' },
  { path: publicPaths.securityReport, navLabel: 'Security report', title: 'Security report' },
  { path: publicPaths.news, navLabel: 'News', title: 'News' },
  { path: publicPaths.privacy, navLabel: 'Privacy', title: 'Privacy' },
  { path: publicPaths.terms, navLabel: 'Terms', title: 'Terms' },
  { path: publicPaths.complianceCenter, navLabel: 'Compliance', title: 'Compliance center' },
];
