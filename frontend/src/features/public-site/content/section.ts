/** One block of a text page: a heading, paragraphs and an optional list. */
export interface ContentSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}
