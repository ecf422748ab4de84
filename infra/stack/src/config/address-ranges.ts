/**
 * Lists of addresses and CIDR ranges in config.toml ([stack] web_trusted_proxies), parsed into a
 * node:net BlockList so a check is one lookup. A typo stops the start with the entry named, rather
 * than silently trusting nobody (or everybody).
 */
import { BlockList, isIP } from 'node:net';

/** "::ffff:127.0.0.1" and "127.0.0.1" are the same peer. */
export function normaliseAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

export function parseAddressRanges(entries: readonly string[], setting: string): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.trim().split('/');
    const plain = normaliseAddress(address);
    const family = isIP(plain);
    const max = family === 6 ? 128 : 32;
    const bits = prefix === undefined ? max : Number(prefix);
    if (
      family === 0 ||
      extra !== undefined ||
      prefix === '' ||
      !Number.isInteger(bits) ||
      bits < 0 ||
      bits > max
    )
      throw new Error(
        `config.toml: ${setting}: "${entry}" is not an IP address or CIDR range (like 127.0.0.1 or 10.0.0.0/8)`,
      );
    list.addSubnet(plain, bits, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** Whether `address` is in `list`; false for anything that is not an IP address. */
export function inAddressRanges(list: BlockList, address: string | undefined): boolean {
  const plain = normaliseAddress(address?.trim());
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
