-- The sample log backend reads OpsDeck's own log: restricted to admins (and whom a permission row
-- on the `logs` object names) from now on, as a fresh install creates it (logs/sample.ts).
update logging_backends
   set labels = coalesce(labels, '{}'::jsonb) || '{"opsdeck.io/restricted": "true"}'::jsonb
 where name = 'opsdeck' and source = 'System';
