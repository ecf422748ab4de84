import { servicesLead, servicesSections } from '@/features/public-site/content/services';
import { TextPageBody } from './text-page-body';

export function ServicesBody() {
  return <TextPageBody lead={servicesLead} sections={servicesSections} />;
}
