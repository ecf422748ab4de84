import { aboutSections } from '@/features/public-site/content/about';
import { TextPageBody } from './text-page-body';

export function AboutBody() {
  return <TextPageBody sections={aboutSections} />;
}
