-- Whether PostgreSQL can compile a pattern, so the warninglist import refuses a regex entry it
-- could never evaluate (PCRE-only syntax such as named groups) with the reason, instead of every
-- later lookup failing on it.
create function private.regex_compiles(_pattern text) returns boolean
language plpgsql immutable parallel safe set search_path = '' as $$
begin
  perform '' ~ _pattern;
  return true;
exception when invalid_regular_expression then
  return false;
end
$$;
comment on function private.regex_compiles(text) is 'Whether a text is a regular expression PostgreSQL can compile (for importers that store patterns).';
revoke all on function private.regex_compiles(text) from public, anon, authenticated;
grant execute on function private.regex_compiles(text) to service_role;
