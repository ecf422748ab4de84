/**
 * The access matrix's probes for groups (issue 28 §1): administrators read every group and
 * membership, a user reads only the groups they belong to and their own memberships (every persona
 * is in the default group "Analysts"); nobody but the service role writes the tables through REST
 * (administrators with MFA go through create_group and the other checked RPCs). Victim rows are
 * groups named after the run, with the suite's victim user as member; removing the run's groups
 * removes their memberships.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

/** The default group "Analysts" (supabase/migrations/20261201140000_create_groups.sql). */
const DEFAULT_GROUP = '0000a000-0000-4000-a000-000000000001';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function groupTableSpecs(runId: string, insert: Insert, victimId: () => string) {
  const seeded = { groupId: '', spareGroupId: '' };
  const prefix = `security-suite ${runId}`;
  const groupRow = () => ({ name: `${prefix} ${randomUUID().slice(0, 8)}`, max_tlp: 'green' });
  const newGroup = async () => String((await insert('groups', groupRow())).id);
  const newMembership = async () => {
    const groupId = await newGroup();
    await insert('group_members', { group_id: groupId, user_id: victimId() });
    return `group_id=eq.${groupId}&user_id=eq.${victimId()}`;
  };

  async function seed(): Promise<void> {
    seeded.groupId = await newGroup();
    seeded.spareGroupId = await newGroup();
    await insert('group_members', { group_id: seeded.groupId, user_id: victimId() });
  }

  const specs = {
    groups: {
      victimFilter: async () => `id=eq.${DEFAULT_GROUP}`,
      newRow: groupRow,
      patch: { description: 'changed by the suite' },
      seedForDelete: async () => `id=eq.${await newGroup()}`,
    },
    group_members: {
      owner: 'user_id',
      victimFilter: async () => `group_id=eq.${seeded.groupId}&user_id=eq.${victimId()}`,
      ownFilter: (userId: string) => `user_id=eq.${userId}`,
      newRow: () => ({ group_id: seeded.spareGroupId, user_id: victimId() }),
      patch: { added_at: new Date(0).toISOString() },
      seedForDelete: newMembership,
    },
  } satisfies Record<string, IntelSpec>;

  const cleanUp = async (remove: Remove) => {
    await remove('groups', `name=like.${encodeURIComponent(`${prefix}*`)}`);
  };
  return { specs, seed, cleanUp };
}
