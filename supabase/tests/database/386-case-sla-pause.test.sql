-- A case on hold stops its SLA clock: leaving hold adds the pause to held_for and moves a due date
-- still at its SLA target by it; a due date set by hand stays; a case already past due when it went
-- on hold stays past its SLA (paused_past_due); the hold bookkeeping cannot be written directly.
begin;
select plan(9);

-- Opened 10 hours ago, high severity (resolve within 3 days), one with its due date set by hand,
-- and one already past its due date.
insert into public.cases (id, title, kind, severity, created_at) values
  ('cafe0000-0000-4000-a000-000000038601', 'Waiting on the ISP', 'takedown', 'high', now() - interval '10 hours');
insert into public.cases (id, title, kind, severity, created_at, due_at) values
  ('cafe0000-0000-4000-a000-000000038602', 'Promised by Friday', 'rfi', 'high', now() - interval '10 hours', now() + interval '1 day'),
  ('cafe0000-0000-4000-a000-000000038603', 'Already late', 'incident', 'high', now() - interval '10 hours', now() - interval '1 hour');
update public.cases set status = 'in_progress';
update public.cases set status = 'on_hold';

select is((select held_since from public.cases where id = 'cafe0000-0000-4000-a000-000000038601'), now(),
  'going on hold starts the pause');
select results_eq(
  $$ select title, paused_past_due from public.cases order by title $$,
  $$ values ('Already late'::text, true), ('Promised by Friday', false), ('Waiting on the ISP', false) $$,
  'a case already past due when it went on hold stays past its SLA; the others are paused');

-- Pretend the hold began three hours ago (the clock of one transaction does not move).
alter table public.cases disable trigger cases_check_change;
update public.cases set held_since = now() - interval '3 hours';
alter table public.cases enable trigger cases_check_change;

update public.cases set status = 'in_progress';
select results_eq(
  $$ select held_since, held_for from public.cases where id = 'cafe0000-0000-4000-a000-000000038601' $$,
  $$ values (null::timestamptz, interval '3 hours') $$,
  'leaving hold adds the pause to held_for');
select is((select due_at from public.cases where id = 'cafe0000-0000-4000-a000-000000038601'),
  now() - interval '10 hours' + interval '3 days' + interval '3 hours',
  'the SLA due date moves by the time on hold');
select is((select due_at from public.cases where id = 'cafe0000-0000-4000-a000-000000038602'),
  now() + interval '1 day', 'a due date set by hand stays where it was put');

-- A second hold adds up.
update public.cases set status = 'on_hold' where id = 'cafe0000-0000-4000-a000-000000038601';
alter table public.cases disable trigger cases_check_change;
update public.cases set held_since = now() - interval '2 hours' where id = 'cafe0000-0000-4000-a000-000000038601';
alter table public.cases enable trigger cases_check_change;
update public.cases set status = 'resolved' where id = 'cafe0000-0000-4000-a000-000000038601';
select results_eq(
  $$ select held_for, due_at from public.cases where id = 'cafe0000-0000-4000-a000-000000038601' $$,
  $$ values (interval '5 hours', now() - interval '10 hours' + interval '3 days' + interval '5 hours') $$,
  'holds add up, and resolving straight from hold ends the pause too');

-- Changing severity keeps the paused time in the new target.
update public.cases set severity = 'critical' where id = 'cafe0000-0000-4000-a000-000000038601';
select is((select due_at from public.cases where id = 'cafe0000-0000-4000-a000-000000038601'),
  now() - interval '10 hours' + interval '1 day' + interval '5 hours',
  'a severity change recomputes the due date with the time on hold');

-- The bookkeeping is the workflow's own.
update public.cases set held_for = interval '99 days', held_since = now() where id = 'cafe0000-0000-4000-a000-000000038602';
select results_eq(
  $$ select held_for, held_since from public.cases where id = 'cafe0000-0000-4000-a000-000000038602' $$,
  $$ values (interval '3 hours', null::timestamptz) $$,
  'held_for and held_since cannot be written directly');
select is((select count(*)::int from public.case_events where case_id = 'cafe0000-0000-4000-a000-000000038601' and kind = 'status_changed'), 5,
  'each move is on the timeline');

select * from finish();
rollback;
