-- The reports trigger read every indicator a batch reports: a primary-key probe per report, and for
-- a source graded above the default (A, B, C) a second write of every new indicator, which is not a
-- HOT update (score_weight is in the key index), so every index of indicators took it again. The
-- importer now writes a new indicator's weight and TLP:RED flag with it (intel's merge), and the
-- trigger looks only where a report can change something:
--   * A, B, C or RED reports: their indicators, written only when the weight rises or RED is new;
--   * D and F (0.6, the default): only indicators holding a weight below it (E, 0.4), found in a
--     partial index that holds just those, so a D/F feed's batch costs nearly nothing;
--   * E (0.4): an indicator without a stored weight is recomputed (no source yet, or a D/F one).
create index indicators_score_weight_below_default_idx on public.indicators (id) where score_weight < 0.6;
comment on index public.indicators_score_weight_below_default_idx is
  'Indicators whose best source is graded E: the only ones a D or F report can change (the reports trigger probes this, not the table).';

create or replace function private.score_inputs_after_reports_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.indicators i
     set score_weight = nullif(greatest(coalesce(i.score_weight, 0.6), n.weight), 0.6), score_red = i.score_red or n.red
    from (select a.indicator_id, max(private.reliability_weight(s.reliability)) as weight, bool_or(a.tlp = 'red') as red
            from added a join public.sources s on s.id = a.source_id
           where s.reliability in ('A', 'B', 'C') or a.tlp = 'red'
           group by a.indicator_id) n
   where i.id = n.indicator_id
     and (nullif(greatest(coalesce(i.score_weight, 0.6), n.weight), 0.6) is distinct from i.score_weight or (n.red and not i.score_red));
  update public.indicators i set score_weight = null
   where i.id = any (array(select a.indicator_id from added a join public.sources s on s.id = a.source_id
                            where s.reliability in ('D', 'F')))
     and i.score_weight < 0.6;
  perform private.refresh_score_inputs(array(
    select a.indicator_id from added a join public.sources s on s.id = a.source_id
      join public.indicators i on i.id = a.indicator_id
     where s.reliability = 'E' and i.score_weight is null));
  return null;
end
$$;
comment on function private.score_inputs_after_reports_added() is
  'Trigger: new reports raise their indicators'' stored weight or mark a RED input (A, B, C and RED reports by primary key; D and F ones only where an E weight is stored; E ones where none is).';
