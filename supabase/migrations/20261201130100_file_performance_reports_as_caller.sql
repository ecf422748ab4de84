-- The performance-metrics function files a report as its caller (issue 33: functions act as the
-- caller, RLS and checked functions decide), no longer with the service role. Filing is one checked
-- function: the reporter is whoever the token says (no one for the public site's visitors), and
-- "critical" is judged here from the metrics (SPEC §9), so a report sent straight to the API can
-- neither name another user nor mark itself. The table stays unwritable to signed-in users and anon.
create function public.file_performance_report(
  _url text, _user_agent text, _metrics jsonb, _reported_at timestamptz
) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  _slow integer := case when jsonb_typeof(_metrics -> 'slowResources') = 'array'
                        then jsonb_array_length(_metrics -> 'slowResources') else 0 end;
begin
  if _url is null or char_length(_url) not between 1 and 2048 then
    raise exception 'A report needs the page URL (1 to 2,048 characters).' using errcode = '22023';
  end if;
  if jsonb_typeof(_metrics) is distinct from 'object' or pg_column_size(_metrics) > 16384 then
    raise exception 'A report''s metrics are one JSON object of at most 16 kB.' using errcode = '22023';
  end if;
  if _reported_at is null then
    raise exception 'A report needs the time it was measured.' using errcode = '22023';
  end if;
  insert into public.performance_reports (user_id, url, user_agent, metrics, critical, reported_at)
  values (
    (select auth.uid()), _url, left(coalesce(_user_agent, ''), 512), _metrics,
    coalesce((_metrics ->> 'domContentLoaded')::numeric > 5000, false)
      or coalesce((_metrics ->> 'loadComplete')::numeric > 10000, false)
      or _slow > 5,
    _reported_at);
exception
  when invalid_text_representation then
    raise exception 'A report''s timings are numbers of milliseconds.' using errcode = '22023';
end
$$;
comment on function public.file_performance_report(text, text, jsonb, timestamptz) is
  'Files one browser performance report as the caller (user_id from the token; none for anon); critical when DOM content took over 5 s, load over 10 s, or more than 5 resources were slow (SPEC §9).';
revoke all on function public.file_performance_report(text, text, jsonb, timestamptz) from public;
grant execute on function public.file_performance_report(text, text, jsonb, timestamptz) to anon, authenticated, service_role;
