-- A check's labels are its canary's labels merged with its own (the check's win), as the health
-- page shows them; checks stored before they were merged on write get them now.
update checks c
set labels = coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb)
from canaries k
where k.id = c.canary_id
  and k.labels is not null
  and k.labels <> '{}'::jsonb
  and not (coalesce(c.labels, '{}'::jsonb) @> k.labels);
