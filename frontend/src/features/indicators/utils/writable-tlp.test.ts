import { describe, expect, it } from 'vitest';
import { writableTlpLevels } from './writable-tlp';

describe('TLP levels offered when adding an indicator', () => {
  it('offer RED only to an administrator with a verified second factor, as the server allows', () => {
    expect(writableTlpLevels(false)).toEqual(['clear', 'green', 'amber', 'amber+strict']);
    expect(writableTlpLevels(true)).toEqual(['clear', 'green', 'amber', 'amber+strict', 'red']);
  });
});
