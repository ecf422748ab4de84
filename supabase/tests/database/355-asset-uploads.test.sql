-- Asset inventory CSVs uploaded from External Assets (issue 33 item 3): the asset-uploads bucket
-- (each signed-in user's own folder, 5 MiB), request_asset_import queueing an `assets` run for the
-- importer's worker, and who may ask: every signed-in user, as every signed-in user may add assets.
begin;
select plan(12);

insert into auth.users (id, aud, role, email) values
  ('00000000-0000-4000-a000-00000000000a', 'authenticated', 'authenticated', 'admin@test.local'),
  ('00000000-0000-4000-a000-00000000000b', 'authenticated', 'authenticated', 'analyst@test.local');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-a000-00000000000a', 'admin');

\ir ../fixtures/claims.psql

select is(
  (select file_size_limit from storage.buckets where id = 'asset-uploads'), 5242880::bigint,
  'the bucket takes files up to 5 MiB, the page''s limit'
);
select is(
  (select public from storage.buckets where id = 'asset-uploads'), false, 'and is private'
);

set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values
       ('asset-uploads', '00000000-0000-4000-a000-00000000000b/1/assets.csv', '{"size": 48213}') $$,
  'an analyst uploads an inventory into their own folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name, metadata) values ('asset-uploads', '00000000-0000-4000-a000-00000000000a/1/assets.csv', '{"size": 1}') $$,
  '42501', null, 'but not into someone else''s'
);
select set_config('request.jwt.claims', :'admin_claims', true);
select is((select count(*)::int from storage.objects where bucket_id = 'asset-uploads'), 0, 'an admin does not read the analyst''s upload');
select throws_ok(
  $$ select public.request_asset_import('00000000-0000-4000-a000-00000000000b/1/assets.csv') $$,
  '22023', 'That file is not among your asset inventory uploads; upload it again', 'nor import it'
);
set local role anon;
select throws_ok(
  $$ select public.request_asset_import('00000000-0000-4000-a000-00000000000b/1/assets.csv') $$,
  '42501', null, 'anon cannot queue an asset import'
);
reset role;
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok(
  $$ select public.request_asset_import('00000000-0000-4000-a000-00000000000b/1/assets.csv') $$,
  'an analyst (no administrator) queues the import of their inventory'
);
reset role;
select results_eq(
  $$ select source_name, format, status::text, requested_by, bytes, upload from public.import_runs
      where upload ->> 'bucket' = 'asset-uploads' $$,
  $$ values ('Asset inventory', 'assets', 'queued', '00000000-0000-4000-a000-00000000000b'::uuid, 48213::bigint,
             '{"bucket": "asset-uploads", "object": "00000000-0000-4000-a000-00000000000b/1/assets.csv"}'::jsonb) $$,
  'the run is queued in the assets format with the file to fetch, its size and the uploader'
);
set local role authenticated;
select set_config('request.jwt.claims', :'analyst_claims', true);
select lives_ok(
  $$ select public.request_asset_import('00000000-0000-4000-a000-00000000000b/1/assets.csv') $$,
  'a second import of the file waits too'
);
select lives_ok(
  $$ select public.request_asset_import('00000000-0000-4000-a000-00000000000b/1/assets.csv') $$,
  'and a third'
);
select throws_ok(
  $$ select public.request_asset_import('00000000-0000-4000-a000-00000000000b/1/assets.csv') $$,
  'PT429', 'You already have 3 imports waiting; import more when one has finished',
  'three waiting uploads are the limit'
);
reset role;

select * from finish();
rollback;
