/**
 * Files the suite writes (all under tests/e2e/.temp, which git ignores). E2E_TEMP_DIR moves them, so
 * two runs against two stacks on one machine do not share a signed-in state or a report.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMP_DIR = process.env.E2E_TEMP_DIR
  ? path.resolve(process.env.E2E_TEMP_DIR)
  : path.join(E2E_DIR, '.temp');
export const RUN_FILE = path.join(TEMP_DIR, 'run.json');
export const ANALYST_STATE = path.join(TEMP_DIR, 'analyst.storage-state.json');
export const AXE_DIR = path.join(TEMP_DIR, 'axe');
export const AXE_SUMMARY = path.join(TEMP_DIR, 'axe-summary.json');
