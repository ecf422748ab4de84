-- RSS/Atom sources and CVE list deltas (issue 30 §3): a source kind for feeds whose items become
-- reports, and a per-source high-water mark for connectors that fetch only what changed since
-- their last sync (the cvelistV5 delta log: the fetchTime of the newest delta imported).

alter type public.source_kind add value if not exists 'rss';
comment on type public.source_kind is
  'How a source delivers: a polled feed, imported files, analysts by hand, a TAXII collection, a MISP feed, an RSS/Atom feed whose items become reports.';
comment on column public.sources.kind is 'feed, file, manual, taxii, misp or rss.';

alter table public.sources
  add column sync_cursor text check (char_length(sync_cursor) <= 200);
comment on column public.sources.sync_cursor is
  'High-water mark of a delta connector (for the CVE list: the fetchTime of the newest delta imported); the next sync fetches only what changed after it. Kept by the importers (service role).';
