import { describe, expect, it } from 'vitest';
import { entityPaths, platformLink, platformPath } from './paths';

describe('platformLink', () => {
  it('encodes each parameter once and leaves out the unset ones', () => {
    expect(platformLink('networkMonitoring', { sensor: 'dmz ids/02&x' })).toBe(
      '/platform/network-monitoring?sensor=dmz+ids%2F02%26x',
    );
    expect(platformLink('iocIntelligence', { open: 42, status: 'all', source: undefined })).toBe(
      '/platform/ioc-intelligence?open=42&status=all',
    );
    expect(platformLink('dashboard')).toBe(platformPath('dashboard'));
  });

  it('builds the entity links the pages read back', () => {
    const link = new URL(entityPaths.knowledgeObject('malware--0f1e'), 'http://app.test');
    expect(link.pathname).toBe('/platform/enhanced-cti');
    expect(link.searchParams.get('open')).toBe('malware--0f1e');
    expect(new URL(entityPaths.asset('a-1'), 'http://app.test').searchParams.get('asset')).toBe('a-1');
    expect(entityPaths.cve('CVE-2024-3400')).toBe('/platform/live-cve-feed?cve=CVE-2024-3400');
  });
});
