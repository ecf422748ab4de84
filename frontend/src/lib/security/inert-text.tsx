/**
 * The one module that renders untrusted CTI text (indicators, report excerpts, actor descriptions, URLs
 * from feeds). Text only, through React text nodes, so nothing is ever parsed as HTML; links are defanged
 * (`hxxp://`, `[.]`) and never get a live href; invisible and direction-changing characters are shown as
 * markers (a right-to-left override can disguise `exe.txt` as `txt.exe`); long values wrap anywhere.
 */
import type { CSSProperties } from 'react';
import { defang } from './defang';

/** Bidi controls, zero-width characters, C0 controls (except tab/newline) and DEL. */
const HIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

function markHidden(text: string): string {
  return text.replace(
    HIDDEN_CHARACTERS,
    (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

/** The string InertText shows, for places that need text rather than an element (titles, exports). */
export function inertString(value: unknown, options: { defang?: boolean } = {}): string {
  const text = markHidden(value == null ? '' : String(value));
  return options.defang === false ? text : defang(text);
}

/** Set through React's style object (CSSOM), which a style-src policy does not block. */
const INERT_STYLE: CSSProperties = {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  wordBreak: 'break-word',
};

export interface InertTextProps {
  value: unknown;
  as?: 'span' | 'div' | 'p' | 'code';
  /** Defang links, hosts, addresses and e-mails (default). Turn off only for text known to hold none. */
  defangLinks?: boolean;
  /** Cut after this many characters (the cut is marked with an ellipsis). */
  maxLength?: number;
  className?: string;
  /** One line cut with an ellipsis (table cells); the full text stays in the title. */
  singleLine?: boolean;
}

const SINGLE_LINE_STYLE: CSSProperties = {
  whiteSpace: 'pre',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  display: 'block',
};

export function InertText({
  value,
  as: Tag = 'span',
  defangLinks = true,
  maxLength,
  className,
  singleLine = false,
}: InertTextProps) {
  const full = inertString(value, { defang: defangLinks });
  const text = maxLength !== undefined && full.length > maxLength ? `${full.slice(0, maxLength)}…` : full;
  return (
    <Tag
      className={className}
      style={singleLine ? SINGLE_LINE_STYLE : INERT_STYLE}
      title={singleLine ? full : undefined}
      data-inert-text=""
    >
      {text}
    </Tag>
  );
}

/** A URL from untrusted data, shown defanged as code; there is deliberately no way to make it clickable. */
export function renderInertUrl(url: unknown) {
  return <InertText value={url} as="code" />;
}
