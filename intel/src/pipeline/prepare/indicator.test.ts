import { describe, expect, it } from 'vitest';
import type { IndicatorDraft } from '../../model/drafts.js';
import { RecordRejected } from './fields.js';
import { foldIndicator, prepareIndicator } from './indicator.js';

const source = { id: 'source-1', name: 'Test feed', tlp: 'amber' as const, confidence: 60 };
const draft = (type: IndicatorDraft['type'], value: string): IndicatorDraft => ({
  kind: 'indicator',
  where: '$.Attribute[0]',
  type,
  value,
});

describe('prepareIndicator', () => {
  it('stores a range with host bits in network form and keeps the note for the import summary', () => {
    const staged = prepareIndicator(draft('ipv4-cidr', '198.51.100.77/24'), source);
    expect(staged.value).toBe('198.51.100.0/24');
    expect(staged.key).toBe('ipv4-cidr\u0000198.51.100.0/24');
    expect(staged.note).toBe('host bits set in "198.51.100.77/24": stored as the network 198.51.100.0/24');
  });

  it('has no note when the value was already canonical', () => {
    expect(prepareIndicator(draft('asn', 'AS64500'), source).note).toBeUndefined();
  });

  it('rejects a new-type value it cannot canonicalise, with the reason', () => {
    expect(() => prepareIndicator(draft('ja3', 'not-a-digest'), source)).toThrow(
      new RecordRejected('value: not a JA3 fingerprint (32 hexadecimal characters): "not-a-digest"'),
    );
  });

  it('reads a MISP PAP tag as the report’s PAP, CLEAR without one, and refuses an unknown one', () => {
    const tagged = (tag: string) => ({ ...draft('domain', 'pap.example'), context: { pap_tag: tag } });
    expect(prepareIndicator(tagged('PAP:AMBER'), source).pap).toBe('amber');
    expect(prepareIndicator(tagged('pap:white'), source).pap).toBe('clear');
    expect(prepareIndicator(draft('domain', 'pap.example'), source).pap).toBe('clear');
    expect(prepareIndicator(tagged('PAP:AMBER'), source).context).not.toHaveProperty('pap_tag');
    expect(() => prepareIndicator(tagged('PAP:PURPLE'), source)).toThrow(
      new RecordRejected('pap: unknown PAP tag "PAP:PURPLE"'),
    );
  });

  it('reads the OASIS PAP marking definitions a STIX indicator references', () => {
    const marked = (...refs: string[]) => ({
      ...draft('domain', 'pap.example'),
      context: { object_marking_refs: refs },
    });
    const amber = 'marking-definition--60f8932b-e51e-4458-b265-a2e8be9a80ab';
    const tlpGreen = 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb';
    expect(prepareIndicator(marked(tlpGreen, amber), source)).toMatchObject({ pap: 'amber', tlp: 'green' });
    expect(prepareIndicator(marked(tlpGreen), source).pap).toBe('clear');
  });

  it('folds two reports of one value to the more restrictive PAP', () => {
    const tagged = (tag: string) =>
      prepareIndicator({ ...draft('domain', 'pap.example'), context: { pap_tag: tag } }, source);
    expect(foldIndicator(tagged('PAP:RED'), tagged('PAP:GREEN')).pap).toBe('red');
    expect(foldIndicator(tagged('PAP:CLEAR'), tagged('PAP:AMBER')).pap).toBe('amber');
  });
});
