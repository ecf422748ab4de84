import { describe, expect, it } from 'vitest';
import { actorSentence, attributionNote } from './attribution';
import { briefingSummaryFixture as summary, threatFixture as threat } from './briefing-summary.fixture';
import { briefingSentences } from './sentences';

const cobaltStrike = threat('Cobalt Strike', 5, 0, 0, { usedByActors: 29, shared: true });

describe('the actor sentence', () => {
  it('names no actor through a tool many actors use, and says why', () => {
    const sentence = actorSentence(summary({ malware: [cobaltStrike], actors: [] }));
    expect(sentence).toBe(
      'No activity could be attributed to a specific actor; the alerts involve commodity tools used by many actors (Cobalt Strike: 29 known actors).',
    );
    expect(sentence).not.toMatch(/TA505|most linked/);
  });

  it('says the activity, not the alerts, when the shared tool was only seen or learnt', () => {
    const seen = threat('Cobalt Strike', 0, 2, 10, { usedByActors: 29, shared: true });
    expect(actorSentence(summary({ malware: [seen] }))).toBe(
      'No activity could be attributed to a specific actor; the activity involves commodity tools used by many actors (Cobalt Strike: 29 known actors).',
    );
  });

  it('says plainly that nothing was attributed when no shared tool was active either', () => {
    const quiet = threat('Cobalt Strike', 0, 0, 0, { usedByActors: 29, shared: true });
    expect(actorSentence(summary({ malware: [quiet, threat('ClearFake', 26)] }))).toBe(
      'No activity could be attributed to a specific actor.',
    );
  });

  it('names an actor on its reports with moderate confidence', () => {
    const ta505 = threat('TA505', 2, 0, 3, {
      attribution: { confidence: 'moderate', evidence: 'reports', count: 3, viaSoftware: [] },
    });
    expect(actorSentence(summary({ malware: [cobaltStrike], actors: [ta505] }))).toBe(
      '2 alerts and 3 new indicators are most likely linked to TA505 (moderate confidence: 3 indicators from TA505’s reports).',
    );
  });

  it('words each kind of evidence, and follows with the next two actors and their confidence', () => {
    const direct = threat('FIN7', 1, 0, 0, {
      attribution: { confidence: 'moderate', evidence: 'direct', count: 1, viaSoftware: [] },
    });
    const campaign = threat('APT29', 0, 0, 2, {
      attribution: { confidence: 'moderate', evidence: 'campaigns', count: 2, viaSoftware: [] },
    });
    const weak = threat('TA577', 0, 0, 66, {
      attribution: {
        confidence: 'low',
        evidence: 'software',
        count: 2,
        viaSoftware: ['Latrodectus', 'QakBot'],
      },
    });
    const fourth = threat('TA578', 0, 0, 1, {
      attribution: { confidence: 'low', evidence: 'software', count: 1, viaSoftware: ['Latrodectus'] },
    });
    expect(actorSentence(summary({ actors: [direct, campaign, weak, fourth] }))).toBe(
      '1 alert is most likely linked to FIN7 (moderate confidence: 1 direct link to FIN7), followed by APT29 (moderate confidence) and TA577 (low confidence).',
    );
    expect(attributionNote(campaign)).toBe('moderate confidence: 2 indicators of APT29’s campaigns');
    expect(attributionNote(weak)).toBe(
      'low confidence: it uses Latrodectus and QakBot, which few known actors use',
    );
  });

  it('only hints when the only link is a family few actors use', () => {
    const weak = threat('Rare User', 1, 0, 0, {
      attribution: { confidence: 'low', evidence: 'software', count: 1, viaSoftware: ['Rare RAT'] },
    });
    expect(actorSentence(summary({ actors: [weak] }))).toBe(
      '1 alert may be linked to Rare User (low confidence: it uses Rare RAT, which few known actors use).',
    );
  });

  it('is among the briefing’s sentences', () => {
    expect(briefingSentences(summary({ malware: [cobaltStrike] }))).toContain(
      'No activity could be attributed to a specific actor; the alerts involve commodity tools used by many actors (Cobalt Strike: 29 known actors).',
    );
  });
});
