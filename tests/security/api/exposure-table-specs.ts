/**
 * The access matrix's probes for the exposure tables: the asset inventory and its products (every
 * analyst keeps them; an asset is added in the adder's own name), watches (analysts add keywords and
 * e-mail domains themselves, domains only through add_domain_watch), and lookalikes, leak posts and
 * their mentions (read by analysts, written by the importer, the service role, only). Every row the
 * probes touch is the suite's own, seeded with the service key; names never match anything else, so
 * no probe raises an alert. Also seeds the TLP:CLEAR indicator the alert_from_hunt probe raises.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

/** The domain the add_domain_watch probe of expectations/rls-matrix.json watches. */
export const PROBE_WATCH_DOMAIN = 'security-suite-rpc-probe.test';

export function exposureTableSpecs(runId: string, insert: Insert, victimId: () => string) {
  const prefix = `security-suite-${runId}`;
  const unique = () => `${prefix}-${randomUUID().slice(0, 8)}`;
  const seeded = { asset: '', product: 0, watch: '', domainWatch: '', lookalike: '', post: 0, indicator: 0 };
  const sparePosts: number[] = [];

  // A persona's asset is in its own name, set by the database (no one may write created_by:
  // 20261201200300); the service role, which has no user, names the victim.
  const assetRow = (userId?: string) => ({
    hostname: `${unique()}.test`,
    owner: 'security-suite',
    ...(userId === undefined ? { created_by: victimId() } : {}),
  });
  const newAsset = async () => String((await insert('assets', assetRow())).id);
  // Only the columns analysts may write; a product no KEV entry names, so no kev-asset alert.
  const productRow = () => ({
    asset_id: seeded.asset,
    vendor: 'security-suite',
    product: unique(),
    version: '1.0',
  });
  const newProduct = async () => Number((await insert('asset_products', productRow())).id);
  // created_by is the caller's by default (analysts may not set it); the service role names the victim.
  const watchRow = (userId?: string) => {
    const value = unique();
    return {
      kind: 'keyword',
      value,
      value_ascii: value,
      ...(userId === undefined ? { created_by: victimId() } : {}),
    };
  };
  const newWatch = async () => String((await insert('watches', watchRow())).id);
  const lookalikeRow = () => {
    const domain = `${unique()}.test`;
    return { watch_id: seeded.domainWatch, domain, unicode: domain, family: 'addition' };
  };
  const newLookalike = async () => String((await insert('lookalike_domains', lookalikeRow())).domain);
  const postRow = () => ({
    source: 'paste',
    victim: unique(),
    published_at: '2026-01-01T00:00:00Z',
    context: { suite: runId },
  });
  const newPost = async () => Number((await insert('leak_posts', postRow())).id);
  let spare = 0;
  const mentionRow = () => ({
    post_id: sparePosts[spare++ % sparePosts.length],
    watch_id: seeded.watch,
    matched: 'security-suite',
  });
  const newMention = async () => {
    const post = await newPost();
    await insert('leak_mentions', { post_id: post, watch_id: seeded.watch, matched: 'security-suite' });
    return `post_id=eq.${post}&watch_id=eq.${seeded.watch}`;
  };

  async function seed(): Promise<void> {
    seeded.asset = await newAsset();
    seeded.product = await newProduct();
    seeded.watch = await newWatch();
    const domain = `${prefix}.test`;
    seeded.domainWatch = String(
      (
        await insert('watches', {
          kind: 'domain',
          value: domain,
          value_ascii: domain,
          created_by: victimId(),
        })
      ).id,
    );
    seeded.lookalike = await newLookalike();
    seeded.post = await newPost();
    for (let i = 0; i < 5; i++) sparePosts.push(await newPost());
    await insert('leak_mentions', {
      post_id: seeded.post,
      watch_id: seeded.watch,
      matched: 'security-suite',
    });
    seeded.indicator = Number(
      (
        await insert('indicators', {
          type: 'domain',
          value: `probe-${runId}-hunt.example`,
          tlp: 'clear',
        })
      ).id,
    );
  }

  const specs = {
    assets: {
      owner: 'created_by',
      victimFilter: async () => `id=eq.${seeded.asset}`,
      ownFilter: (id) => `created_by=eq.${id}`,
      newRow: assetRow,
      patch: { owner: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newAsset()}`,
    },
    asset_products: {
      victimFilter: async () => `id=eq.${seeded.product}`,
      newRow: productRow,
      patch: { version: '1.1' },
      seedForDelete: async () => `id=eq.${await newProduct()}`,
    },
    watches: {
      owner: 'created_by',
      victimFilter: async () => `id=eq.${seeded.watch}`,
      ownFilter: (id) => `created_by=eq.${id}`,
      newRow: watchRow,
      patch: { note: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newWatch()}`,
    },
    lookalike_domains: {
      victimFilter: async () => `watch_id=eq.${seeded.domainWatch}&domain=eq.${seeded.lookalike}`,
      newRow: lookalikeRow,
      patch: { family: 'homoglyph' },
      seedForDelete: async () => `watch_id=eq.${seeded.domainWatch}&domain=eq.${await newLookalike()}`,
    },
    leak_posts: {
      victimFilter: async () => `id=eq.${seeded.post}`,
      newRow: postRow,
      patch: { sector: 'security-suite' },
      seedForDelete: async () => `id=eq.${await newPost()}`,
    },
    leak_mentions: {
      victimFilter: async () => `post_id=eq.${seeded.post}&watch_id=eq.${seeded.watch}`,
      newRow: mentionRow,
      patch: { matched: `security-suite ${runId}` },
      seedForDelete: newMention,
    },
  } satisfies Record<string, IntelSpec>;

  /** Values of the RPC probes' `"$seed:<name>"` arguments. */
  const probeSeeds = (): Record<string, unknown> => ({ indicator: seeded.indicator });

  /**
   * The suite's assets (their products go with them), watches (lookalikes and mentions go with
   * them, the add_domain_watch probe's included), posts, and the hunt-hit alert raised on the
   * suite's indicator, then the indicator.
   */
  const cleanUp = async (remove: Remove) => {
    if (seeded.indicator) {
      await remove(
        'enhanced_security_alerts',
        `rule_key=eq.hunt-hit&dedup_key=eq.${encodeURIComponent(`indicator:${seeded.indicator}`)}`,
      );
      await remove('indicators', `id=eq.${seeded.indicator}`);
    }
    await remove('assets', `hostname=like.${prefix}*`);
    await remove('watches', `value_ascii=like.${prefix}*`);
    await remove('watches', `kind=eq.domain&value_ascii=eq.${PROBE_WATCH_DOMAIN}`);
    await remove('leak_posts', `victim=like.${prefix}*`);
  };
  return { specs, seed, probeSeeds, cleanUp };
}
