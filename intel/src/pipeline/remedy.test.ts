import { describe, expect, it } from 'vitest';
import { withRemedy } from './remedy.js';

describe('withRemedy', () => {
  it('keeps the words the CLI has always printed', () => {
    expect(withRemedy('x.bin is not Suricata EVE or Zeek telemetry', 'name-the-format', 'cli')).toBe(
      'x.bin is not Suricata EVE or Zeek telemetry; name it with --format',
    );
  });

  it('words the same refusal for the app without a flag', () => {
    const words = withRemedy('the format of x.bin is not one we read', 'name-the-format', 'app');
    expect(words).toBe(
      'the format of x.bin is not one we read; choose its format in the upload form and import it again',
    );
    expect(words).not.toMatch(/--[a-z]/);
  });

  it('leaves a reason without a remedy as it is', () => {
    expect(withRemedy('the gzip stream is truncated or damaged', undefined, 'app')).toBe(
      'the gzip stream is truncated or damaged',
    );
  });
});
