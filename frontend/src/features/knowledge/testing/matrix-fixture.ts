/**
 * A small ATT&CK matrix as `attack_matrix` answers it, for the tests: two tactics (in an order the
 * names would not give), a technique under both, a parent with two sub-techniques, and two actors.
 */
import type { MatrixRow } from '@/features/knowledge/api/get-attack-matrix';

export const APT_A = 'intrusion-set--00000000-0000-4000-8000-00000000000a';
export const APT_B = 'intrusion-set--00000000-0000-4000-8000-00000000000b';
export const T_SCRIPTING = 'attack-pattern--00000000-0000-4000-8000-000000000001';
export const T_POWERSHELL = 'attack-pattern--00000000-0000-4000-8000-000000000002';
export const T_PYTHON = 'attack-pattern--00000000-0000-4000-8000-000000000003';
export const T_PHISHING = 'attack-pattern--00000000-0000-4000-8000-000000000004';
export const T_WMI = 'attack-pattern--00000000-0000-4000-8000-000000000005';

function row(
  tactic: 1 | 2,
  stixId: string,
  id: string,
  name: string,
  extra: Partial<MatrixRow> = {},
): MatrixRow {
  const tactics = {
    1: { tactic_id: 'TA0001', tactic_name: 'Initial Access', tactic_shortname: 'initial-access' },
    2: { tactic_id: 'TA0002', tactic_name: 'Execution', tactic_shortname: 'execution' },
  };
  return {
    tactic_order: tactic,
    ...tactics[tactic],
    technique_stix_id: stixId,
    technique_id: id,
    technique_name: name,
    parent_stix_id: null,
    platforms: ['Windows'],
    used_by: [],
    sightings: null,
    sighting_events: null,
    ...extra,
  };
}

/** The whole matrix, as `attack_matrix([])` answers. */
export const MATRIX_ROWS: MatrixRow[] = [
  row(1, T_PHISHING, 'T1566', 'Phishing', { platforms: ['Linux', 'Windows'] }),
  row(1, T_SCRIPTING, 'T1059', 'Command and Scripting Interpreter'),
  row(2, T_SCRIPTING, 'T1059', 'Command and Scripting Interpreter'),
  row(2, T_POWERSHELL, 'T1059.001', 'PowerShell', { parent_stix_id: T_SCRIPTING }),
  row(2, T_PYTHON, 'T1059.006', 'Python', { parent_stix_id: T_SCRIPTING, platforms: ['Linux'] }),
  row(2, T_WMI, 'T1047', 'Windows Management Instrumentation'),
];

/** What `attack_matrix([A, B], _used_only)` answers: A uses phishing and PowerShell, both use WMI. */
export const USAGE_ROWS: MatrixRow[] = [
  row(1, T_PHISHING, 'T1566', 'Phishing', { used_by: [APT_A] }),
  row(2, T_POWERSHELL, 'T1059.001', 'PowerShell', { parent_stix_id: T_SCRIPTING, used_by: [APT_A] }),
  row(2, T_WMI, 'T1047', 'Windows Management Instrumentation', { used_by: [APT_A, APT_B] }),
];

/** What the sightings colouring answers: our sensors saw indicators of software using phishing. */
export const SIGHTING_ROWS: MatrixRow[] = [
  row(1, T_PHISHING, 'T1566', 'Phishing', { sightings: 12, sighting_events: 40 }),
  row(2, T_WMI, 'T1047', 'Windows Management Instrumentation', { sightings: 1, sighting_events: 1 }),
];
