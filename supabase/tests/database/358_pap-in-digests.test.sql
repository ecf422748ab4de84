-- PAP in digests (20261202020200): an event whose indicator's PAP is AMBER or RED is counted as
-- withheld_pap and never listed, whatever the channel's TLP ceiling; PAP:CLEAR and GREEN are listed.
begin;
select plan(5);
delete from public.notification_rules;
delete from public.notification_channels;

insert into public.notification_rules (name, event_kind, min_severity, digest, created_at) values
  ('watch digest', 'watch_hit', 'low', 'daily', now() - interval '1 hour') returning id as rule \gset
insert into public.sources (name, pap) values ('PAP amber source', 'amber') returning id as amber_source \gset
insert into public.sources (name, pap) values ('PAP green source', 'green') returning id as green_source \gset
insert into public.indicators (type, value, tlp) values ('domain', 'amber-pap.digest-test.example', 'green') returning id as held \gset
insert into public.indicators (type, value, tlp) values ('domain', 'green-pap.digest-test.example', 'green') returning id as shared \gset
insert into public.indicator_sources (indicator_id, source_id, tlp) values (:held, :'amber_source', 'green'), (:shared, :'green_source', 'green');
insert into public.enhanced_security_alerts (title, severity, rule_key, indicator_id) values
  ('pap: held back', 'high', 'lookalike-domain', :held),
  ('pap: shared', 'high', 'lookalike-domain', :shared),
  ('pap: no indicator', 'medium', 'leak-keyword', null);

-- The period from this transaction's start holds this test's alerts only.
create temporary table summary as
  select private.notification_digest_summary(:'rule', now(), now() + interval '1 second', 'red') as s;
select is((select (s ->> 'total')::int from summary), 2, 'the PAP:GREEN hit and the hit without an indicator are listed');
select is((select (s ->> 'withheld_pap')::int from summary), 1, 'the hit on a PAP:AMBER indicator is counted as withheld by its PAP');
select is((select (s ->> 'withheld')::int from summary), 0, '… not as above the TLP ceiling');
select ok((select s::text not like '%amber-pap.digest-test%' and s::text not like '%held back%' from summary),
  'and neither its value nor its title is in the digest');
select ok((select s::text like '%green-pap.digest-test%' from summary), 'the PAP:GREEN value is');

select * from finish();
rollback;
