-- A wider observable model (issue 26 §5): network ranges, autonomous systems, TLS fingerprints and
-- the host artefacts MISP and STIX carry. An enum value cannot be used in the transaction that adds
-- it, so the values come alone here; their checks, STIX ids and patterns follow in the next
-- migration.
alter type public.indicator_type add value if not exists 'ipv4-cidr';
alter type public.indicator_type add value if not exists 'ipv6-cidr';
alter type public.indicator_type add value if not exists 'asn';
alter type public.indicator_type add value if not exists 'ja3';
alter type public.indicator_type add value if not exists 'ja3s';
alter type public.indicator_type add value if not exists 'ja4';
alter type public.indicator_type add value if not exists 'user-agent';
alter type public.indicator_type add value if not exists 'filename';
alter type public.indicator_type add value if not exists 'mutex';
alter type public.indicator_type add value if not exists 'registry-key';
alter type public.indicator_type add value if not exists 'email-subject';
