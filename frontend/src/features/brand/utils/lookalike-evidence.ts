/**
 * What a lookalike-domain alert found, from the evidence the matching engine keeps in its metadata.
 * Read defensively: metadata is free JSON, and an older alert may lack a field.
 */
import { z } from 'zod';

const evidenceSchema = z.object({
  watch: z.string().catch(''),
  lookalike: z.string().catch(''),
  unicode: z.string().catch(''),
  family: z.string().catch(''),
  indicator_id: z.number().nullable().catch(null),
  type: z.string().catch(''),
  value: z.string().catch(''),
  confidence: z.number().nullable().catch(null),
  tlp: z.string().catch(''),
});

export type LookalikeEvidence = z.infer<typeof evidenceSchema>;

const EMPTY = evidenceSchema.parse({});

export function lookalikeEvidence(metadata: unknown): LookalikeEvidence {
  const evidence =
    metadata && typeof metadata === 'object' ? (metadata as { evidence?: unknown }).evidence : undefined;
  const parsed = evidenceSchema.safeParse(evidence ?? {});
  return parsed.success ? parsed.data : EMPTY;
}
