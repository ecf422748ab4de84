// What the app's performance monitor sends (SPEC §3, §7, §9), checked before anything is stored.
import { z } from 'zod';

const milliseconds = z.number().finite().min(0).max(3_600_000);

export const slowResourceSchema = z.object({
  name: z.string().max(2048),
  duration: milliseconds,
});

export const performanceReportSchema = z.object({
  metrics: z.object({
    domContentLoaded: milliseconds,
    loadComplete: milliseconds,
    memoryUsage: z.number().finite().min(0).nullable().optional(),
    slowResources: z.array(slowResourceSchema).max(100),
    timestamp: z.number().int().positive(),
  }),
  url: z.string().min(1).max(2048),
  timestamp: z.union([z.string().datetime({ offset: true }), z.number().int().positive()]),
  userAgent: z.string().max(512),
});

export type PerformanceReport = z.infer<typeof performanceReportSchema>;
