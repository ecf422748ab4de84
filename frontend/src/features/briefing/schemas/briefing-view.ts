/** The briefing's view owned by the URL: the period (last 7, 30 or 90 days) and the TLP marking. */
import { z } from 'zod';
import type { TlpLevel } from '@/components/intel/tlp-badge';
import { TLP_LEVELS } from '@/components/intel/tlp-marking';

export const BRIEFING_PERIODS = ['7d', '30d', '90d'] as const;
export type BriefingPeriod = (typeof BRIEFING_PERIODS)[number];

export const PERIOD_DAYS: Record<BriefingPeriod, number> = { '7d': 7, '30d': 30, '90d': 90 };

export const briefingViewSchema = z.object({
  period: z.enum(BRIEFING_PERIODS).default('30d'),
  tlp: z.enum(TLP_LEVELS as [TlpLevel, ...TlpLevel[]]).default('amber'),
});

export type BriefingView = z.infer<typeof briefingViewSchema>;
