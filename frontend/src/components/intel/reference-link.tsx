/**
 * References are for reading, so they stay links (a report, an advisory, a feed's page), unlike the
 * indicators they describe. Only an http(s) URL becomes a link, in a new tab with neither opener nor
 * referrer; anything else is shown inert and defanged.
 */
import { Link } from '@chakra-ui/react';
import { externalHref, splitReferences } from '@/lib/security/external-href';
import { InertText, inertString } from '@/lib/security/inert-text';

interface ReferenceLinkProps {
  url: string;
  /** One line cut with an ellipsis (table cells); the full address stays in the title. */
  singleLine?: boolean;
}

export function ReferenceLink({ url, singleLine = false }: ReferenceLinkProps) {
  const href = externalHref(url);
  if (href === null) return <InertText value={url} defangLinks singleLine={singleLine} />;
  const text = inertString(url, { defang: false });
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      colorPalette="blue"
      title={text}
      display={singleLine ? 'block' : undefined}
      overflow={singleLine ? 'hidden' : undefined}
      textOverflow={singleLine ? 'ellipsis' : undefined}
      whiteSpace={singleLine ? 'nowrap' : undefined}
      overflowWrap="anywhere"
    >
      {text}
    </Link>
  );
}

/** A reference text that names URLs among its words (KEV notes, required actions): each URL a link. */
export function ReferenceText({ value }: { value: string }) {
  return (
    <span>
      {splitReferences(value).map((part, index) =>
        part.href === null ? (
          <InertText key={index} value={part.text} defangLinks={false} />
        ) : (
          <ReferenceLink key={index} url={part.text} />
        ),
      )}
    </span>
  );
}
