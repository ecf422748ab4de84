-- Administrators with a verified second factor name a source's TLP:RED audience from its settings
-- (the policy "Admins with MFA change sources" decides; sources_audited records the change, and
-- sources_check_red_audience refuses groups not cleared for RED).
grant update (red_audience) on public.sources to authenticated;
