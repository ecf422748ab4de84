-- The Live CVE Feed: CISA's known exploited vulnerabilities joined with EPSS and CVSS, filtered and
-- sorted on the server in keyset pages. security invoker: RLS applies as for direct reads. The KEV
-- catalogue is about 1,500 rows: the kev_date_added index narrows to them and a sort is cheap.

create function public.kev_feed(
  _query text default null,
  _ransomware_only boolean default false,
  _overdue_only boolean default false,
  _added_since date default null,
  _sort text default 'date_added',
  _after_key text default null,
  _after_id text default null,
  _limit integer default 100
)
returns table (
  cve_id text,
  title text,
  vendor text,
  product text,
  kev_date_added date,
  kev_due_date date,
  overdue boolean,
  ransomware_use text,
  required_action text,
  epss_score double precision,
  epss_percentile double precision,
  epss_previous_score double precision,
  epss_delta double precision,
  cvss_base_score numeric,
  cvss_severity text,
  cvss_version text,
  sort_key text
)
language plpgsql stable security invoker set search_path = '' as $$
declare
  needle text := nullif(btrim(coalesce(_query, '')), '');
  order_by text;
  key_expr text;
  after text := '';
begin
  if _limit is null or _limit < 1 or _limit > 500 then
    raise exception 'The page size must be between 1 and 500.' using errcode = '22023';
  end if;
  if char_length(coalesce(needle, '')) > 200 then
    raise exception 'Search for at most 200 characters.' using errcode = '22023';
  end if;
  -- Each sort: its column (nulls last), then the CVE id to break ties; the keyset resumes after the
  -- last row's (key, id). Keys travel as text so one signature serves every sort.
  case _sort
    when 'date_added' then
      order_by := 'v.kev_date_added desc, v.cve_id desc';
      key_expr := 'v.kev_date_added::text';
      if _after_id is not null then
        after := 'and (v.kev_date_added < $5::date or (v.kev_date_added = $5::date and v.cve_id < $6))';
      end if;
    when 'due_date' then
      order_by := 'v.kev_due_date asc nulls last, v.cve_id asc';
      key_expr := 'v.kev_due_date::text';
      if _after_id is not null then
        after := case when _after_key is null then 'and v.kev_due_date is null and v.cve_id > $6'
          else 'and (v.kev_due_date > $5::date or v.kev_due_date is null or (v.kev_due_date = $5::date and v.cve_id > $6))' end;
      end if;
    when 'epss' then
      order_by := 'v.epss_score desc nulls last, v.cve_id desc';
      key_expr := 'v.epss_score::text';
      if _after_id is not null then
        after := case when _after_key is null then 'and v.epss_score is null and v.cve_id < $6'
          else 'and (v.epss_score < $5::double precision or v.epss_score is null or (v.epss_score = $5::double precision and v.cve_id < $6))' end;
      end if;
    when 'cvss' then
      order_by := 'v.cvss_base_score desc nulls last, v.cve_id desc';
      key_expr := 'v.cvss_base_score::text';
      if _after_id is not null then
        after := case when _after_key is null then 'and v.cvss_base_score is null and v.cve_id < $6'
          else 'and (v.cvss_base_score < $5::numeric or v.cvss_base_score is null or (v.cvss_base_score = $5::numeric and v.cve_id < $6))' end;
      end if;
    else
      raise exception 'Unknown sort "%": use date_added, due_date, epss or cvss.', _sort using errcode = '22023';
  end case;

  return query execute format($q$
    select v.cve_id, coalesce(v.kev_name, v.title), coalesce(v.kev_vendor, v.vendor), coalesce(v.kev_product, v.product),
      v.kev_date_added, v.kev_due_date, v.kev_due_date < current_date, v.kev_ransomware_use, v.kev_required_action,
      v.epss_score, v.epss_percentile, v.epss_previous_score, v.epss_score - v.epss_previous_score,
      v.cvss_base_score, v.cvss_severity, v.cvss_version, %s
    from public.vulnerabilities v
    where v.kev_date_added is not null
      and (not $2 or v.kev_ransomware_use = 'Known')
      and (not $3 or v.kev_due_date < current_date)
      and ($4::date is null or v.kev_date_added >= $4)
      and ($1::text is null
           or v.cve_id ilike $1 || '%%'
           or extensions.word_similarity($1, concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name)) >= 0.5
           or concat_ws(' ', v.kev_vendor, v.kev_product, v.kev_name) ilike '%%' || $1 || '%%')
      %s
    order by %s
    limit $7
  $q$, key_expr, after, order_by)
  using needle, coalesce(_ransomware_only, false), coalesce(_overdue_only, false), _added_since, _after_key, _after_id, _limit;
end
$$;
comment on function public.kev_feed(text, boolean, boolean, date, text, text, text, integer) is
  'Known exploited vulnerabilities with EPSS (and its change) and CVSS: search (CVE prefix, vendor/product/name, typo-tolerant), ransomware-only, overdue-only, added since; sort date_added | due_date | epss | cvss; keyset pages; RLS applies.';
revoke all on function public.kev_feed(text, boolean, boolean, date, text, text, text, integer) from public, anon;
grant execute on function public.kev_feed(text, boolean, boolean, date, text, text, text, integer) to authenticated, service_role;
