-- docs/rules.md §10 "Fair play": the keys under which two accounts count as one person's, so the
-- linking service (game-server/domain/fair-play/) finds everyone sharing one with an index.

-- The network an address belongs to, as infra/limits/address-key.ts counts every limit: an IPv4
-- address is itself (also IPv4-mapped), an IPv6 address counts by its /64, and anything that is
-- not an address is its own key. The spelling may differ from addressKey's; which addresses share
-- a key does not (links.test.ts holds the two to that).
create function network_of(address text) returns text language plpgsql immutable strict as $$
declare
  parsed inet;
begin
  begin
    parsed := address::inet;
  exception when others then
    return address;
  end;
  if family(parsed) = 4 then
    return host(parsed);
  end if;
  if parsed <<= '::ffff:0.0.0.0/96'::inet then
    return host('0.0.0.0'::inet + (parsed - '::ffff:0.0.0.0'::inet));
  end if;
  return network(set_masklen(parsed, 64))::text;
end
$$;
create index login_addresses_network on login_addresses (network_of(address));

-- A confirmed e-mail address as its mailbox receives it: case folded, a +tag dropped, and for the
-- providers that ignore dots in the name (gmail.com and its other name googlemail.com) the dots
-- dropped and the domain spelt one way. farmer+1@x.org and Farmer+2@X.org are one mailbox.
create function email_key(email text) returns text language sql immutable strict as $$
  select case when parts.domain in ('gmail.com', 'googlemail.com')
              then replace(parts.name, '.', '') || '@gmail.com'
              else parts.name || '@' || parts.domain end
    from (select split_part(split_part(lower(email), '@', 1), '+', 1) as name,
                 split_part(lower(email), '@', 2) as domain) parts
$$;
create index users_email_key on users (email_key(email)) where email_verified_at is not null;

