import { whitepaperLead, whitepaperSections } from '@/features/public-site/content/whitepaper';
import { TextPageBody } from './text-page-body';

export function WhitepaperBody() {
  return <TextPageBody lead={whitepaperLead} sections={whitepaperSections} />;
}
