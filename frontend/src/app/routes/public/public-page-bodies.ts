/** Each public page's body as its own chunk, loaded when the page is opened. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { publicPaths } from '@/config/paths';

type Body = LazyExoticComponent<ComponentType>;

export const publicPageBodies: Readonly<Record<string, Body>> = {
  [publicPaths.services]: lazy(() => import('./pages/services').then((m) => ({ default: m.ServicesBody }))),
  [publicPaths.caseStudies]: lazy(() =>
    import('./pages/case-studies').then((m) => ({ default: m.CaseStudiesBody })),
  ),
  [publicPaths.about]: lazy(() => import('./pages/about').then((m) => ({ default: m.AboutBody }))),
  [publicPaths.contact]: lazy(() => import('./pages/contact').then((m) => ({ default: m.ContactBody }))),
  [publicPaths.whitepaper]: lazy(() =>
    import('./pages/whitepaper').then((m) => ({ default: m.WhitepaperBody })),
  ),
  [publicPaths.securityReport]: lazy(() =>
    import('./pages/security-report').then((m) => ({ default: m.SecurityReportBody })),
  ),
  [publicPaths.news]: lazy(() => import('./pages/news').then((m) => ({ default: m.NewsBody }))),
  [publicPaths.privacy]: lazy(() => import('./pages/privacy').then((m) => ({ default: m.PrivacyBody }))),
  [publicPaths.terms]: lazy(() => import('./pages/terms').then((m) => ({ default: m.TermsBody }))),
  [publicPaths.complianceCenter]: lazy(() =>
    import('./pages/compliance-center').then((m) => ({ default: m.ComplianceCenterBody })),
  ),
};
