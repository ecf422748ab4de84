-- Bootstrap, part 4b: Supabase's "broadcast from the database". realtime.send() (and any insert
-- into realtime.messages with a payload) reaches the topic's subscribers: Supabase Realtime reads
-- realtime.messages from its own logical replication stream and broadcasts each committed row;
-- the gateway's stream (src/realtime) subscribes to this publication next to supabase_realtime.
create publication supabase_realtime_messages_publication for table realtime.messages
  with (publish = 'insert');
comment on publication supabase_realtime_messages_publication is
  'Rows of realtime.messages that Realtime broadcasts (realtime.send()); inserts only.';
