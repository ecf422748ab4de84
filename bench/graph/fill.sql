-- The graph benchmark's data (issue 29 §3), by generate_series: :n indicators (default 1,000,000),
-- one intrusion set indicated by 100,000 of them (the "100,000 indicators" node), 40 malware it
-- uses each indicated by the rest in turn, and 60 techniques. Run as the database superuser on a
-- throwaway stack: psql -v n=1000000 -f bench/graph/fill.sql
\if :{?n}
\else
  \set n 1000000
\endif
set session_replication_role = replica; -- no per-row triggers while filling (counts are rebuilt below)
insert into public.intel_objects (stix_id, type, name, tlp, modified, stix) values
  ('intrusion-set--0b000000-0000-4000-a000-000000000001', 'intrusion-set', 'Bench Panda', 'clear', now(), '{}')
on conflict do nothing;
insert into public.intel_objects (stix_id, type, name, tlp, modified, stix)
select format('malware--0b000000-0000-4000-a000-%s', lpad(m::text, 12, '0')), 'malware', 'Bench malware ' || m, 'clear', now(), '{}'
  from generate_series(1, 40) m on conflict do nothing;
insert into public.intel_objects (stix_id, type, name, tlp, modified, stix)
select format('attack-pattern--0b000000-0000-4000-a000-%s', lpad(t::text, 12, '0')), 'attack-pattern', 'Bench technique ' || t, 'clear', now(), '{}'
  from generate_series(1, 60) t on conflict do nothing;
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select format('relationship--0b000000-0000-4000-b000-%s', lpad(m::text, 12, '0')), 'uses',
       'intrusion-set--0b000000-0000-4000-a000-000000000001', format('malware--0b000000-0000-4000-a000-%s', lpad(m::text, 12, '0')), 'clear', '{}'
  from generate_series(1, 40) m on conflict do nothing;
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select format('relationship--0b000000-0000-4000-b001-%s', lpad(t::text, 12, '0')), 'uses',
       'intrusion-set--0b000000-0000-4000-a000-000000000001', format('attack-pattern--0b000000-0000-4000-a000-%s', lpad(t::text, 12, '0')), 'clear', '{}'
  from generate_series(1, 60) t on conflict do nothing;
insert into public.indicators (type, value, tlp, last_seen)
select (array['md5','sha256','domain','ipv4'])[1 + g % 4]::public.indicator_type,
       case g % 4 when 0 then md5('bench-' || g) when 1 then encode(sha256(('bench-' || g)::bytea), 'hex')
                  when 2 then 'h' || g || '.bench-graph.example' else ((g >> 16) % 223 + 1) || '.' || ((g >> 8) % 256) || '.' || (g % 256) || '.' || (g % 7) end,
       (array['clear','green','amber'])[1 + g % 3]::public.tlp_level, now() - (g % 1000) * interval '1 day'
  from generate_series(1, :n) g
on conflict do nothing;
-- Every indicator indicates one object: the first 100,000 the intrusion set, the others a malware.
insert into public.relationships (stix_id, relationship_type, source_ref, target_ref, tlp, stix)
select 'relationship--' || extensions.uuid_generate_v5('0b000000-0000-4000-a000-000000000000', i.stix_id), 'indicates', i.stix_id,
       case when row_number() over (order by i.id) <= 100000 then 'intrusion-set--0b000000-0000-4000-a000-000000000001'
            else format('malware--0b000000-0000-4000-a000-%s', lpad((1 + i.id % 40)::text, 12, '0')) end, 'clear', '{}'
  from public.indicators i
on conflict do nothing;
set session_replication_role = origin;
vacuum analyze public.indicators;
vacuum analyze public.relationships;
vacuum analyze public.intel_objects;
