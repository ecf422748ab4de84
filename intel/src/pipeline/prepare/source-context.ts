import type { Tlp } from '../../model/drafts.js';

/** What a record inherits from its source when it carries nothing of its own. */
export interface SourceContext {
  id: string;
  name: string;
  tlp: Tlp;
  confidence: number;
}
