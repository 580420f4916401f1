-- Secret masking (docs/secrets.md): the functions the /api/db layer wraps around every column a
-- resource declares secret, so select=*, paths, casts, embeds, filters and order all see the
-- masked value. The marker is '********', as connections_list always showed it. Rules for JSON
-- documents come from the TypeScript declarations (rest/secrets.ts) as a bound jsonb parameter:
-- [{"p": ["**", "password|secretKey"], "m": "secret"}, ...], where a path segment is a key, `*`
-- (any one key or index), `**` (any depth) or `a|b` (any of these keys, case-insensitive).

-- Hides what a URL or a connection string carries in clear text, wherever it occurs in the text:
-- the password of user:password@, a token-like user of token@, secret-named query parameters and
-- DSN keys (password=, pwd=), long token-like path segments, and bearer/basic credentials.
-- Applying it twice gives the same text, so already-masked values pass through unchanged.
create or replace function opsdeck_mask_url(value text) returns text language sql immutable parallel safe as $$
  select regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(value,
    -- scheme://user:password@
    '([a-z][a-z0-9+.-]*://[^[:space:]/?#@:]*):[^[:space:]/?#@]*@', '\1:********@', 'gi'),
    -- scheme://<token>@ (shoutrrr-style tokens in the user part)
    '([a-z][a-z0-9+.-]*://)[A-Za-z0-9_.~-]{16,}@', '\1********@', 'gi'),
    -- ?access_token=..., &apiKey=..., ;Password=..., #token=...
    '([?&;#][^=&#;[:space:]]*(token|secret|password|passwd|pwd|key|auth|signature|sig|credential|session)[^=&#;[:space:]]*=)[^&#;[:space:]]*',
    '\1********', 'gi'),
    -- host=db password=... (libpq key/value strings)
    '((^|[[:space:]])(password|pwd)[[:space:]]*=[[:space:]]*)(''[^'']*''|[^[:space:]]+)', '\1********', 'gi'),
    -- /T0123/B0123/abcdef0123456789abcdef: path segments of 20+ characters mixing letters and digits
    '/(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])', '/********', 'g'),
    -- Authorization: Bearer <token> / Basic <base64>
    '((bearer|basic)[[:space:]]+)(?=[A-Za-z0-9._~+/=-]*[0-9=])[A-Za-z0-9._~+/=-]{8,}', '\1********', 'gi')
$$;

-- The masked form of one secret node of a JSON document.
--  secret:  a scalar becomes the marker; an env-var object {value, valueFrom} has its value masked
--  url:     a string (or an env-var value) goes through opsdeck_mask_url
--  channel: a notification URL is a credential as a whole: only its scheme stays
--  entry:   a named entry {name, value} (an http header, an exec env var) has its value masked when
--           its name looks secret, or its value is a bearer/basic credential; URL-masked otherwise
create or replace function opsdeck_secret_apply(node jsonb, mask text) returns jsonb
language plpgsql immutable parallel safe as $$
declare
  kind text := jsonb_typeof(node);
  value text;
begin
  if node is null or kind = 'null' then return node; end if;
  if kind = 'object' then
    if jsonb_typeof(node -> 'value') <> 'string' then return node; end if;
    value := node ->> 'value';
    if mask = 'entry' then
      if coalesce(node ->> 'name', '') ~* '(auth|token|secret|passw|pwd|key|cookie|session|credential)'
        or value ~* '^[[:space:]]*(bearer|basic|token)[[:space:]]' then
        return jsonb_set(node, '{value}', '"********"');
      end if;
      return jsonb_set(node, '{value}', to_jsonb(opsdeck_mask_url(value)));
    end if;
    if mask = 'url' then return jsonb_set(node, '{value}', to_jsonb(opsdeck_mask_url(value))); end if;
    return jsonb_set(node, '{value}', '"********"');
  end if;
  if kind = 'array' then return node; end if;
  value := node #>> '{}';
  if mask = 'url' then return to_jsonb(opsdeck_mask_url(value)); end if;
  if mask = 'channel' and strpos(value, ':') > 0 then return to_jsonb(split_part(value, ':', 1) || '://********'); end if;
  if mask = 'entry' then return node; end if;
  return '"********"';
end $$;

-- States whose path starts with ** also stand for the path after it (** matching zero keys).
create or replace function opsdeck_secret_expand(states jsonb) returns jsonb language sql immutable parallel safe as $$
  select coalesce(jsonb_agg(x), '[]') from (
    select s as x from jsonb_array_elements(states) s
    union all
    select jsonb_build_object('p', (s -> 'p') - 0, 'm', s -> 'm') from jsonb_array_elements(states) s
    where s -> 'p' ->> 0 = '**'
  ) e
$$;

-- The states a child under `k` inherits: ** stays, a matching segment is consumed.
create or replace function opsdeck_secret_advance(states jsonb, k text) returns jsonb
language sql immutable parallel safe as $$
  select coalesce(jsonb_agg(case when h = '**' then s else jsonb_build_object('p', (s -> 'p') - 0, 'm', s -> 'm') end), '[]')
  from jsonb_array_elements(states) s, lateral (select s -> 'p' ->> 0 as h) head
  where h is not null
    and (h in ('*', '**') or h = k or (strpos(h, '|') > 0 and lower(k) = any (string_to_array(lower(h), '|'))))
$$;

-- What a write keeps: the stored node when the client sent back its masked form, the stored
-- secrets put back into an edited URL where it still shows the marker, the new node otherwise.
-- A marker that stands for no stored secret is refused (22023, answered 400).
create or replace function opsdeck_secret_keep(node jsonb, old jsonb, mask text) returns jsonb
language plpgsql immutable as $$
declare
  masked jsonb;
  n text; o text; mo text;
  pattern text; caps text[]; parts text[]; masked_parts text[]; result text; i int; j int; k int;
begin
  if node is null or strpos(node::text, '********') = 0 then return node; end if;
  if old is not null then
    masked := opsdeck_secret_apply(old, mask);
    if node = masked then return old; end if;
    -- an edited URL (or env-var value) that still shows masked parts of the stored one
    if jsonb_typeof(node) = 'string' and jsonb_typeof(old) = 'string' then
      n := node #>> '{}'; o := old #>> '{}'; mo := masked #>> '{}';
    elsif jsonb_typeof(node -> 'value') = 'string' and jsonb_typeof(old -> 'value') = 'string' then
      n := node ->> 'value'; o := old ->> 'value'; mo := masked ->> 'value';
    end if;
    if mask in ('url', 'entry') and n is not null and strpos(mo, '********') > 0 then
      -- the stored secrets, in the order the masked form shows their markers
      select '^' || string_agg(regexp_replace(p, '([.^$*+?()\[\]{}|\\-])', '\\\1', 'g'), '(.*)' order by ord) || '$'
        into pattern from unnest(string_to_array(mo, '********')) with ordinality as u(p, ord);
      caps := regexp_match(o, pattern);
      masked_parts := string_to_array(mo, '********');
      parts := string_to_array(n, '********');
      if caps is not null then
        -- each marker of the edit takes the stored secret whose marker follows the same text
        -- (`u:`, `?token=`), so a changed host or a new token keeps the other secrets
        result := parts[1];
        for i in 1 .. array_length(parts, 1) - 1 loop
          j := null;
          for k in 1 .. array_length(caps, 1) loop
            if right(parts[i], 8) = right(masked_parts[k], 8) then j := k; exit; end if;
          end loop;
          if j is null then result := null; exit; end if;
          result := result || caps[j] || parts[i + 1];
        end loop;
        if result is not null and jsonb_typeof(node) = 'string' then return to_jsonb(result); end if;
        if result is not null then return jsonb_set(node, '{value}', to_jsonb(result)); end if;
      end if;
    end if;
  end if;
  raise exception 'a secret was sent masked (********) where no stored secret matches it; send the secret itself'
    using errcode = '22023';
end $$;

-- Masks (keep = false) or restores (keep = true, against `old` at the same path) the secret nodes
-- of a document. Only subtrees some rule can still reach are rebuilt.
create or replace function opsdeck_json_secrets(node jsonb, old jsonb, states jsonb, keep boolean) returns jsonb
language plpgsql immutable as $$
declare
  mask text;
  out jsonb;
begin
  if node is null or states is null or jsonb_array_length(states) = 0 then return node; end if;
  states := opsdeck_secret_expand(states);
  select s ->> 'm' into mask from jsonb_array_elements(states) s where jsonb_array_length(s -> 'p') = 0 limit 1;
  if mask is not null then
    if keep then return opsdeck_secret_keep(node, old, mask); end if;
    return opsdeck_secret_apply(node, mask);
  end if;
  if jsonb_typeof(node) = 'object' then
    select coalesce(jsonb_object_agg(e.key,
      opsdeck_json_secrets(e.value, case when jsonb_typeof(old) = 'object' then old -> e.key end,
        opsdeck_secret_advance(states, e.key), keep)), '{}')
      into out from jsonb_each(node) e;
    return out;
  end if;
  if jsonb_typeof(node) = 'array' then
    select coalesce(jsonb_agg(
      opsdeck_json_secrets(e.value, case when jsonb_typeof(old) = 'array' then old -> (e.ord - 1)::int end,
        opsdeck_secret_advance(states, (e.ord - 1)::text), keep) order by e.ord), '[]')
      into out from jsonb_array_elements(node) with ordinality e(value, ord);
    return out;
  end if;
  return node;
end $$;

create or replace function opsdeck_mask_json(doc jsonb, rules jsonb) returns jsonb language sql immutable as $$
  select opsdeck_json_secrets(doc, null, rules, false)
$$;

create or replace function opsdeck_keep_json(doc jsonb, old jsonb, rules jsonb) returns jsonb language sql immutable as $$
  select case when doc is null or strpos(doc::text, '********') = 0 then doc
    else opsdeck_json_secrets(doc, old, rules, true) end
$$;

-- A whole-column secret (mask secret, url, channel or hidden) written back: see opsdeck_secret_keep.
-- Hidden columns are read elsewhere in another form (connections.url through connections_list's
-- URL mask), so an edited value showing the marker is merged like a URL.
create or replace function opsdeck_keep_text(value text, old text, mask text) returns text language sql immutable as $$
  select case when value is null or strpos(value, '********') = 0 then value
    when mask = 'hidden' and value = '********' then old
    else opsdeck_secret_keep(to_jsonb(value), to_jsonb(old), case when mask = 'hidden' then 'url' else mask end) #>> '{}' end
$$;

-- connections_list masked only user:password@; it now hides tokens in the query and path too.
create or replace view connections_list as
select
  id, name, namespace, type,
  opsdeck_mask_url(url) as url,
  source,
  username,
  case when password is null then null else '********' end as password,
  case when certificate is null then null else '********' end as certificate,
  properties, insecure_tls, created_by, created_at, updated_at, deleted_at
from connections;
