import { caseStudiesLead, caseStudiesSections } from '@/features/public-site/content/case-studies';
import { TextPageBody } from './text-page-body';

export function CaseStudiesBody() {
  return <TextPageBody lead={caseStudiesLead} sections={caseStudiesSections} />;
}
