/** The URL's filters as the search RPCs' arguments: the seen window becomes a time, the search refanged. */
import { refang } from '@intel/refang';
import { SEARCH_LIMITS } from '@/config/constants';
import { checkedSearchText } from '@/lib/search-text';
import { SEEN_WINDOWS, type IndicatorResultFilters } from '@/features/indicators/schemas/indicator-filters';

const DAY_MS = 86_400_000;

export function filterArguments(filters: IndicatorResultFilters, now = Date.now()) {
  const value = refang(checkedSearchText(filters.q, SEARCH_LIMITS.indicators)).trim();
  return {
    _types: filters.type.length ? filters.type : undefined,
    _tlps: filters.tlp.length ? filters.tlp : undefined,
    _source_id: filters.source,
    _min_confidence: filters.minConfidence,
    _min_score: filters.minScore,
    _seen_since: filters.seen ? new Date(now - SEEN_WINDOWS[filters.seen] * DAY_MS).toISOString() : undefined,
    _malware_id: filters.malware,
    _revoked: filters.status === 'all' ? undefined : filters.status === 'revoked',
    _value: value || undefined,
  };
}
