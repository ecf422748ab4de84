/**
 * Streams the items of an RSS 2.0 (https://www.rssboard.org/rss-specification), RSS 1.0 (RDF) or
 * Atom 1.0 (RFC 4287) feed with saxes, a non-validating streaming XML parser. saxes never reads a
 * DTD, never fetches an external entity and knows only the five predefined entities and character
 * references; on top of that a document type declaration with an internal subset (where entities
 * are declared: billion laughs, XXE) is refused outright, before anything is read from it.
 */
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { InputRefused } from '../format.js';

export interface FeedItem {
  /** 1-based position of the item in the feed, and the line where it starts. */
  position: number;
  line: number;
  /** guid (RSS) or id (Atom). */
  id?: string;
  title?: string;
  link?: string;
  /** As written (RFC 822 in RSS, RFC 3339 in Atom); checked by the caller. */
  published?: string;
  updated?: string;
  /** description (RSS) or summary (Atom): HTML or text, kept as received. */
  summary?: string;
  /** content:encoded (RSS) or content (Atom). */
  content?: string;
  categories: string[];
}

export interface FeedHeader {
  kind: 'rss' | 'atom' | 'rdf';
  title?: string;
  link?: string;
}

type Field = 'id' | 'title' | 'link' | 'published' | 'updated' | 'summary' | 'content' | 'category';

/** Element local names (any prefix) to item fields; Atom and RSS spell some alike. */
const ITEM_FIELDS: Record<string, Field> = {
  guid: 'id',
  id: 'id',
  title: 'title',
  link: 'link',
  pubDate: 'published',
  published: 'published',
  issued: 'published',
  date: 'published',
  updated: 'updated',
  modified: 'updated',
  description: 'summary',
  summary: 'summary',
  encoded: 'content',
  content: 'content',
  category: 'category',
  subject: 'category',
};

const ROOTS: Record<string, FeedHeader['kind']> = { rss: 'rss', feed: 'atom', RDF: 'rdf' };
const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const MAX_FIELD_CHARS = 1_000_000;

/** Atom's alternate link (or its only one); RSS has the URL as text. */
function atomLink(tag: SaxesTagPlain): string | undefined {
  const rel = tag.attributes.rel ?? 'alternate';
  return rel === 'alternate' && tag.attributes.href ? tag.attributes.href : undefined;
}

/** The feed's items as they are read; `header` gets the feed's kind, title and link on the way. */
export async function* readFeed(input: Readable, header: Partial<FeedHeader> = {}): AsyncGenerator<FeedItem> {
  const parser = new SaxesParser({ position: true });
  const ready: FeedItem[] = [];
  const stack: string[] = [];
  let item: FeedItem | undefined;
  let itemDepth = 0;
  let field: Field | undefined;
  let fieldDepth = 0;
  let buffer = '';
  let count = 0;
  let failure: Error | undefined;
  let sawRoot = false;

  parser.on('doctype', (doctype) => {
    if (doctype.includes('[') || /<!ENTITY/i.test(doctype))
      failure ??= new InputRefused(
        `the feed declares entities in a DTD (line ${parser.line}); feeds never need them and they can expand without bound or read files, so it is refused`,
      );
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!sawRoot) {
      sawRoot = true;
      const kind = ROOTS[name];
      if (!kind)
        failure ??= new InputRefused(
          `the document is <${tag.name.slice(0, 40)}>, not an RSS or Atom feed (<rss>, <feed> or <rdf:RDF>)`,
        );
      else header.kind = kind;
    }
    stack.push(name);
    if (!item && (name === 'item' || name === 'entry')) {
      count += 1;
      item = { position: count, line: parser.line, categories: [] };
      itemDepth = stack.length;
      return;
    }
    if (field) return;
    const wanted = item && stack.length === itemDepth + 1 ? ITEM_FIELDS[name] : undefined;
    if (item && wanted) {
      if (wanted === 'link' && tag.attributes.href !== undefined) {
        item.link ??= atomLink(tag as SaxesTagPlain);
        return;
      }
      if (wanted === 'category' && tag.attributes.term) {
        item.categories.push(tag.attributes.term as string);
        return;
      }
      field = wanted;
      fieldDepth = stack.length;
      buffer = '';
    } else if (!item && stack.length === 3 && (name === 'title' || name === 'link')) {
      // <rss><channel><title>, <rdf:RDF><channel><title>
      field = name;
      fieldDepth = stack.length;
      buffer = '';
    } else if (!item && stack.length === 2 && (name === 'title' || name === 'link')) {
      // <feed><title>, <feed><link href>
      if (name === 'link') header.link ??= atomLink(tag as SaxesTagPlain);
      else {
        field = 'title';
        fieldDepth = stack.length;
        buffer = '';
      }
    }
  });
  const onText = (text: string) => {
    if (field && buffer.length < MAX_FIELD_CHARS) buffer += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (field && stack.length === fieldDepth) {
      const value = buffer.trim();
      if (item) {
        if (field === 'category') {
          if (value) item.categories.push(value);
        } else if (value && item[field] === undefined) item[field] = value;
      } else if (value && (field === 'title' || field === 'link')) header[field] ??= value;
      field = undefined;
    }
    if (item && stack.length === itemDepth) {
      ready.push(item);
      item = undefined;
    }
    stack.pop();
  });
  parser.on('error', (error) => {
    failure ??= new InputRefused(`the feed is not well-formed XML: ${error.message}`);
  });

  let first = true;
  // A UTF-8 character split between two chunks is decoded once both have arrived.
  const decoder = new StringDecoder('utf8');
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (first && text.trim()) {
      first = false;
      const start = text.trimStart()[0];
      if (/^\s*(<!doctype\s+html|<html[\s>])/i.test(text))
        throw new InputRefused(
          'the answer is an HTML page, not an RSS or Atom feed (<rss>, <feed> or <rdf:RDF>)',
        );
      if (start !== '<')
        throw new InputRefused(
          `the answer is not XML (it starts with ${JSON.stringify(text.trimStart().slice(0, 20))}); an RSS or Atom feed was expected`,
        );
    }
    parser.write(text);
    if (failure) {
      input.destroy();
      throw failure;
    }
    yield* ready.splice(0);
  }
  parser.write(decoder.end());
  parser.close();
  if (failure) throw failure;
  if (!sawRoot) throw new InputRefused('the feed is empty');
  yield* ready.splice(0);
}
