// One CSV cell, shared with the edge functions (exports for controls serve CSV too).
export { csvCell } from '../../../supabase/functions/_shared/controls/model.ts';
