-- Decay rules for the observable types of 20261201030000, so administrators tune them like the
-- others (lifecycle.<type>.* in System Configuration) instead of living on
-- private.default_decay_rule. Defaults and why:
--   * IPv4/IPv6 ranges: as addresses (half-life 30 days, lifetime 180): hosting blocks change hands.
--   * ASNs: half-life 90, lifetime 365: a hoster's AS stays abused for months, then is cleaned or
--     de-peered.
--   * JA3, JA3S, JA4: half-life 180, lifetime 730: a client's TLS stack changes only with its
--     builds, but common libraries come to share a fingerprint with benign software.
--   * User agents: half-life 90, lifetime 365: malware changes them with its versions, and a
--     spoofed browser string is soon shared by legitimate traffic.
--   * File names, mutexes, registry keys: as hashes (half-life 365, lifetime 1825): they are part
--     of the malware's code and change only with it.
--   * E-mail subjects: half-life 30, lifetime 180: one phishing wave reuses a subject for weeks.
insert into public.decay_rules (indicator_type, lifetime_days, half_life_days, decayed_below, rationale) values
  ('ipv4-cidr', 180, 30, 20, 'Hosting blocks change hands like addresses: a stale range is a common false positive.'),
  ('ipv6-cidr', 180, 30, 20, 'Hosting blocks change hands like addresses: a stale range is a common false positive.'),
  ('asn', 365, 90, 20, 'A hoster''s autonomous system stays abused for months, then is cleaned or de-peered.'),
  ('ja3', 730, 180, 20, 'A TLS stack changes only with its builds, but libraries come to share fingerprints with benign software.'),
  ('ja3s', 730, 180, 20, 'A TLS stack changes only with its builds, but libraries come to share fingerprints with benign software.'),
  ('ja4', 730, 180, 20, 'A TLS stack changes only with its builds, but libraries come to share fingerprints with benign software.'),
  ('user-agent', 365, 90, 20, 'Malware changes its user agent with its versions, and a spoofed browser string is soon common.'),
  ('filename', 1825, 365, 20, 'A host artefact is part of the malware''s code and changes only with it, like a hash.'),
  ('mutex', 1825, 365, 20, 'A host artefact is part of the malware''s code and changes only with it, like a hash.'),
  ('registry-key', 1825, 365, 20, 'A host artefact is part of the malware''s code and changes only with it, like a hash.'),
  ('email-subject', 180, 30, 20, 'One phishing wave reuses its subject for weeks, rarely longer.')
on conflict (indicator_type) do nothing;

-- Their settings, worded as 20261201020000 words the others'.
insert into public.settings (key, category, label, description, type, value, min_value, max_value, unit)
select 'lifecycle.' || r.indicator_type::text || '.' || f.field, 'Indicator lifecycle',
       t.name || ': ' || f.label, f.description, 'integer', f.value, f.min_value, f.max_value, f.unit
  from public.decay_rules r
  join (values ('ipv4-cidr', 'IPv4 ranges'), ('ipv6-cidr', 'IPv6 ranges'), ('asn', 'ASNs'),
               ('ja3', 'JA3 fingerprints'), ('ja3s', 'JA3S fingerprints'), ('ja4', 'JA4 fingerprints'),
               ('user-agent', 'User agents'), ('filename', 'File names'), ('mutex', 'Mutexes'),
               ('registry-key', 'Registry keys'), ('email-subject', 'E-mail subjects')) as t(type, name)
    on t.type = r.indicator_type::text
 cross join lateral (values
   ('half_life_days', 'half-life', 'The score halves in this time after the newest report or alerting sighting. ' || r.rationale,
    to_jsonb(r.half_life_days), 1::numeric, 3650::numeric, 'days'),
   ('lifetime_days', 'lifetime', 'After this time without a new report or alerting sighting the score is 0.',
    to_jsonb(r.lifetime_days), 1, 3650, 'days'),
   ('decayed_below', 'decayed below', 'An indicator scoring under this counts as decayed: telemetry hits on it are recorded but raise no alert.',
    to_jsonb(r.decayed_below), 0, 100, 'score')
 ) as f(field, label, description, value, min_value, max_value, unit)
on conflict (key) do nothing;
