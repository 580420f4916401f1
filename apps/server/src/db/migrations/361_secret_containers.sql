-- A secret path that lands on an object or a list (`credentials: {user, password}`, `token: [..]`,
-- `errors: {pod: {...}}`) masks every value inside it; before, such a node came back unmasked, or
-- as null when it was an object without a `value`. An env-var object ({value} or {valueFrom})
-- stays one node: its value is masked, a valueFrom reference (not a secret) is kept as written.
-- A header given as a map entry (`headers: {Authorization: Bearer ...}`) is masked like a
-- {name, value} entry's value.

create or replace function opsdeck_secret_apply(node jsonb, mask text) returns jsonb
language plpgsql immutable parallel safe as $$
declare
  kind text := jsonb_typeof(node);
  value text;
begin
  if node is null or kind = 'null' then return node; end if;
  if kind = 'object' then
    if coalesce(jsonb_typeof(node -> 'value'), '') <> 'string' then return node; end if;
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
  if mask = 'entry' then
    if kind <> 'string' then return node; end if;
    if value ~* '^[[:space:]]*(bearer|basic|token)[[:space:]]' then return '"********"'; end if;
    return to_jsonb(opsdeck_mask_url(value));
  end if;
  return '"********"';
end $$;

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
    -- an object that is no env var, or a list: every value inside takes this mask
    if jsonb_typeof(node) = 'array' or (jsonb_typeof(node) = 'object' and not (node ? 'value' or node ? 'valueFrom')) then
      states := jsonb_build_array(jsonb_build_object('p', '["**"]'::jsonb, 'm', mask));
    else
      if keep then return opsdeck_secret_keep(node, old, mask); end if;
      return opsdeck_secret_apply(node, mask);
    end if;
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
