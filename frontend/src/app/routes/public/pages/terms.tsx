import { termsSections } from '@/features/public-site/content/terms';
import { TextPageBody } from './text-page-body';

export function TermsBody() {
  return <TextPageBody sections={termsSections} />;
}
