-- Local demo data that importers do not load. Demo accounts are created by the stack with
-- per-installation passwords ([stack] demo_users is not a Supabase CLI key, see README).
select 1;
