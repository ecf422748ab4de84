import { privacyLead, privacySections } from '@/features/public-site/content/privacy';
import { TextPageBody } from './text-page-body';

export function PrivacyBody() {
  return <TextPageBody lead={privacyLead} sections={privacySections} />;
}
