-- What an access token may do beyond being its owner (issue 16 item 7): a list of
-- {object, actions} grants; null is the owner's full rights. authorize() refuses the rest.
alter table access_tokens add column scope jsonb;
