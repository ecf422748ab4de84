/**
 * Resolves the stack, creates the suite's users (see lib/personas.ts) once for all API checks,
 * and deletes them afterwards. Nothing else is cleaned up: every check removes what it created.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createPersonas, deleteUser } from '../lib/personas.js';
import { resolveTarget } from '../lib/target.js';
import { clearParts, recordFact } from '../reporting/parts.js';
import './context.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  clearParts('api');
  const target = resolveTarget();
  recordFact('api', 'target', { apiUrl: target.apiUrl, webUrl: target.webUrl, limits: target.limits });
  const runId = randomBytes(4).toString('hex');
  const personas = await createPersonas(target, runId);
  project.provide('suite', { target, personas, runId });
  return async () => {
    for (const persona of Object.values(personas)) await deleteUser(target, persona.userId);
  };
}
