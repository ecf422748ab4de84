/**
 * One feed item as knowledge: a STIX 2.1 report (name, published, the item's link as its external
 * reference, its summary kept raw as the description), the indicators its text mentions (found by
 * the ioc-classify function's extraction, which refangs hxxp and [.] first; the pipeline then
 * canonicalises and checks them like any importer's), each `related-to` the report, and the CVE
 * and ATT&CK technique ids it names as external references (cve, mitre-attack), which is how a
 * report joins the vulnerabilities and attack-patterns that carry the same ids.
 */
import { Parser } from 'htmlparser2';
import { v5 as uuidv5 } from 'uuid';
import { extractIndicators } from '../../../../supabase/functions/ioc-classify/extract.ts';
import type { Draft, IndicatorType, StixObject } from '../../model/drafts.js';
import { canonicalIndicator } from '../../normalise/index.js';
import type { FeedItem } from './read-feed.js';

/** The namespace of the database's deterministic ids (private.indicator_stix_id and the merges). */
const NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7';
const ATTACK_TECHNIQUE = /\bT\d{4}(?:\.\d{3})?\b/g;
const MAX_LABELS = 50;

export interface FeedContext {
  title?: string;
  link?: string;
}

/** The indicator's id as the database derives it from its canonical type and value. */
export function indicatorStixId(type: IndicatorType, value: string): string {
  const json = `{"type":"${type}","value":"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"}`;
  return `indicator--${uuidv5(json, NAMESPACE)}`;
}

/** The text a reader sees in HTML: no tags, no attributes (an href is the publisher's, not an IOC). */
export function htmlText(html: string): string {
  const parts: string[] = [];
  let skip = 0;
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (name === 'script' || name === 'style') skip += 1;
      },
      onclosetag: (name) => {
        if ((name === 'script' || name === 'style') && skip > 0) skip -= 1;
      },
      ontext: (text) => {
        if (skip === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join(' ');
}

function isoDate(label: string, value: string | undefined): string | undefined | Error {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms))
    return new Error(`${label} "${value.slice(0, 60)}" is not a date (RFC 822 or RFC 3339)`);
  return new Date(ms).toISOString();
}

function httpUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A guid that is only unique within its feed ("1234") is qualified by the feed's link. */
function itemKey(item: FeedItem, feed: FeedContext): string | undefined {
  if (item.id) return item.id.includes(':') ? item.id : `${feed.link ?? feed.title ?? ''}#${item.id}`;
  return item.link;
}

function hostOf(type: string, value: string): string | undefined {
  if (type === 'domain') return value;
  if (type === 'email') return value.slice(value.lastIndexOf('@') + 1);
  if (type === 'url') return httpUrl(value)?.hostname;
  return undefined;
}

export function itemDrafts(item: FeedItem, feed: FeedContext): Draft[] {
  const where = `item ${item.position} (line ${item.line})`;
  const reject = (reason: string): Draft[] => [{ kind: 'reject', where, reason }];
  const key = itemKey(item, feed);
  if (!key) return reject('the item has neither a link nor a guid/id: nothing identifies it');
  const link = httpUrl(item.link);
  if (item.link && !link) return reject(`link "${item.link.slice(0, 80)}" is not an http(s) URL`);
  const published = isoDate('the published date', item.published);
  if (published instanceof Error) return reject(published.message);
  const updated = isoDate('the updated date', item.updated);
  if (updated instanceof Error) return reject(updated.message);
  const name = item.title ?? item.link;
  if (!name) return reject('the item has neither a title nor a link');

  const reportId = `report--${uuidv5(`rss:${key}`, NAMESPACE)}`;
  const modified = updated ?? published;
  const created = published ?? updated;
  const text = [item.title ?? '', htmlText(item.summary ?? ''), htmlText(item.content ?? '')].join('\n');
  // The publisher's own site is where the item lives, not what it warns about.
  const ownHosts = new Set(
    [link?.hostname, httpUrl(feed.link)?.hostname]
      .filter((h): h is string => !!h)
      .map((h) => h.toLowerCase()),
  );
  const drafts: Draft[] = [];
  const indicatorIds: string[] = [];
  const cves = new Set<string>();
  for (const found of extractIndicators(text).indicators) {
    if (found.type === 'cve') {
      cves.add(found.value);
      continue;
    }
    const host = hostOf(found.type, found.value)?.toLowerCase();
    if (host && [...ownHosts].some((own) => host === own || host.endsWith(`.${own}`))) continue;
    const canonical = canonicalIndicator(found.type, found.value);
    if (!canonical.ok) continue;
    const indicatorId = indicatorStixId(found.type, canonical.value);
    indicatorIds.push(indicatorId);
    drafts.push({
      kind: 'indicator',
      where,
      type: found.type,
      value: found.value,
      reference: link?.href,
      firstSeen: created,
      lastSeen: modified,
    });
    drafts.push({
      kind: 'relationship',
      where,
      stix: {
        type: 'relationship',
        spec_version: '2.1',
        id: `relationship--${uuidv5(`${indicatorId} related-to ${reportId}`, NAMESPACE)}`,
        relationship_type: 'related-to',
        source_ref: indicatorId,
        target_ref: reportId,
        ...(created ? { created } : {}),
        ...(modified ? { modified } : {}),
      },
    });
  }
  const techniques = [...new Set(text.match(ATTACK_TECHNIQUE) ?? [])];
  const report: StixObject = {
    type: 'report',
    spec_version: '2.1',
    id: reportId,
    name,
    ...((item.summary ?? item.content) ? { description: item.summary ?? item.content } : {}),
    ...(created ? { created, published: published ?? created } : {}),
    ...(modified ? { modified } : {}),
    report_types: ['threat-report'],
    labels: [...new Set(item.categories)].slice(0, MAX_LABELS),
    external_references: [
      ...(link ? [{ source_name: feed.title ?? link.hostname, url: link.href }] : []),
      ...[...cves].map((cve) => ({
        source_name: 'cve',
        external_id: cve,
        url: `https://www.cve.org/CVERecord?id=${cve}`,
      })),
      ...techniques.map((t) => ({
        source_name: 'mitre-attack',
        external_id: t,
        url: `https://attack.mitre.org/techniques/${t.replace('.', '/')}/`,
      })),
    ],
    object_refs: indicatorIds,
    ...(item.id ? { x_cti_feed_item_id: item.id } : {}),
  };
  return [{ kind: 'object', where, stix: report }, ...drafts];
}
