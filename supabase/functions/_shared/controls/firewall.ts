import type { IndicatorType } from './model.ts';
import type { ControlWriter, PageOutput } from './control-writer.ts';

/**
 * Address sets for packet filters, IPv4 and IPv6 apart, addresses and ranges together.
 *
 * nftables (https://wiki.nftables.org/wiki-nftables/index.php/Sets, nft(8) "SETS"): a table `inet cti`
 * with interval sets `cti_v4` and `cti_v6` (`auto-merge` joins an address with a range holding it,
 * which would otherwise conflict); the file flushes and refills them, and `nft -f` applies a file as one
 * transaction, so a reload never leaves the sets half full. Rules in the same table use them
 * (`ip saddr @cti_v4 drop`).
 *
 * iptables via ipset (ipset(8), "restore"; lines starting with # are skipped): `hash:net` sets
 * `cti-v4` / `cti-v6` filled through a `-next` twin and swapped in, so iptables rules
 * (`-m set --match-set cti-v4 src`) see the old set until the new one is complete.
 */
const V4: IndicatorType[] = ['ipv4', 'ipv4-cidr'];
const V6: IndicatorType[] = ['ipv6', 'ipv6-cidr'];
const CHUNK = 256;
/** ipset's maxelem: fixed, because `create -exist` refuses a set that exists with other parameters. */
export const IPSET_MAXELEM = 1_048_576;

const familiesOf = (selected: readonly IndicatorType[] | null) =>
  (['v4', 'v6'] as const).filter((f) =>
    (f === 'v4' ? V4 : V6).some((t) => selected === null || selected.includes(t)),
  );
const familyOf = (type: IndicatorType) => (V4.includes(type) ? 'v4' : 'v6');

export function nftablesWriter(selected: readonly IndicatorType[] | null): ControlWriter {
  const families = familiesOf(selected);
  let pending: string[] = [];
  let pendingFamily = 'v4';
  const flush = (out: PageOutput) => {
    if (pending.length) out.write(`add element inet cti cti_${pendingFamily} { ${pending.join(', ')} }\n`);
    pending = [];
  };
  return {
    types: [...V4, ...V6],
    comment: (line) => `# ${line}`,
    preamble: () =>
      [
        'table inet cti {',
        ...families.map((f) => `\tset cti_${f} { type ip${f}_addr; flags interval; auto-merge; }`),
        '}',
        ...families.map((f) => `flush set inet cti cti_${f}`),
        '',
      ].join('\n'),
    row(row, out) {
      if (familyOf(row.type) !== pendingFamily) flush(out);
      pendingFamily = familyOf(row.type);
      pending.push(row.value);
      if (pending.length >= CHUNK) flush(out);
    },
    endType: (_type, _count, out) => flush(out),
  };
}

export function ipsetWriter(selected: readonly IndicatorType[] | null): ControlWriter {
  const families = familiesOf(selected);
  const create = (name: string, f: string) =>
    `create ${name} hash:net family inet${f === 'v4' ? '' : '6'} hashsize 1024 maxelem ${IPSET_MAXELEM} -exist`;
  return {
    types: [...V4, ...V6],
    comment: (line) => `# ${line}`,
    preamble: () =>
      [
        ...families.flatMap((f) => [
          create(`cti-${f}`, f),
          create(`cti-${f}-next`, f),
          `flush cti-${f}-next`,
        ]),
        '',
      ].join('\n'),
    row(row, out) {
      out.write(`add cti-${familyOf(row.type)}-next ${row.value} -exist\n`);
    },
    end(out) {
      for (const f of families) out.write(`swap cti-${f}-next cti-${f}\ndestroy cti-${f}-next\n`);
    },
  };
}
