-- A token created with a token records it: revoking (deleting) the parent revokes its children,
-- and a child never outlives it (apps/server/src/identity/accessTokens.ts).
alter table access_tokens add column parent_id uuid references access_tokens (id) on delete cascade;
create index access_tokens_parent_idx on access_tokens (parent_id) where parent_id is not null;
