import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { IntelObject } from '@/features/knowledge/api/get-intel-object';
import { summaryText } from '@/features/knowledge/utils/summary-text';
import { system } from '@/theme/system';
import { ObjectOverviewTab } from './object-overview-tab';

// The analyst's actions below the overview query the server; not what this test is about.
vi.mock('./object-curation', () => ({ ObjectCuration: () => null }));

/** An RSS item's summary as a publisher (or an attacker who owns a feed) sends it, stored raw. */
const HOSTILE_SUMMARY = `<p>Actors used <b>T1190</b> against CVE-2024-3400.</p>
<p>C2 at hxxp://update-check[.]badcdn[.]net/gate.php</p>
<img src=x onerror="window.__pwned = true"><script>window.__pwned = true</script>
<a href="javascript:window.__pwned=true">Read more</a><iframe src="https://evil.example.net/"></iframe>`;

const report = (description: string): IntelObject =>
  ({
    stix_id: 'report--0b5a3c54-4b3a-5c5e-9d57-b1b7d6c1a001',
    type: 'report',
    name: 'Threat actors exploit CVE-2024-3400',
    description,
    aliases: [],
    external_ids: ['CVE-2024-3400', 'T1190'],
    created: '2024-04-16T12:00:00Z',
    modified: '2024-04-16T12:00:00Z',
    revoked: false,
    deprecated: false,
    confidence: 50,
    tlp: 'clear',
    labels: ['Alert'],
    kill_chain_phases: [],
    platforms: [],
    red_audience: [],
    object_refs: [],
    created_by: null,
  }) as unknown as IntelObject;

describe("a feed report's summary", () => {
  it('is shown as its text: no element of it reaches the page, nothing runs, links stay defanged', () => {
    const { container } = render(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <ObjectOverviewTab object={report(HOSTILE_SUMMARY)} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const paragraph = screen.getByText(/Actors used T1190 against CVE-2024-3400\./);
    expect(paragraph.tagName).toBe('P');
    expect(paragraph.children).toHaveLength(0);
    expect(paragraph.textContent).toContain('C2 at hxxp://update-check[.]badcdn[.]net/gate[.]php');
    expect(paragraph.textContent).toContain('Read more');
    expect(paragraph.textContent).not.toMatch(/<|onerror|__pwned|evil/);
    expect(container.querySelector('img, script, iframe, a[href^="javascript"], b')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('its CVE ids link to the vulnerability on the Live CVE Feed; other ids stay text', () => {
    render(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <ObjectOverviewTab object={report('Patch now.')} />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const link = screen.getByRole('link', { name: 'CVE-2024-3400' });
    expect(link.getAttribute('href')).toMatch(/\/platform\/live-cve-feed\?cve=CVE-2024-3400$/);
    expect(screen.queryByRole('link', { name: 'T1190' })).toBeNull();
    // The ids read in order, the ATT&CK one as plain text beside the CVE link.
    expect(link.parentElement?.textContent).toBe('CVE-2024-3400, T1190');
  });

  it('keeps plain text exactly (a "<" in prose is not markup), line breaks where blocks end', () => {
    expect(summaryText('Versions < 2.17 are affected; 1 > 0.')).toBe('Versions < 2.17 are affected; 1 > 0.');
    expect(summaryText('<p>One</p><p>Two<br>Three</p><ul><li>a</li><li>b</li></ul>')).toBe(
      'One\nTwo\nThree\na\nb',
    );
  });
});
