-- 20261201030100 rebuilt indicators.stix_id, and dropping the column took with it the TAXII
-- paging index (updated_at, stix_id) of 20261128400000: TAXII pages keyset on that pair.
create index if not exists indicators_taxii_page_idx on public.indicators (updated_at, stix_id);
