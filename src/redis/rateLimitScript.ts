/**
 * The one Lua script of {@link RedisRateLimitStore}, loaded once per connection and run by its SHA:
 * each run first applies the answers this process has seen since its last run (what they teach about
 * buckets, routes, 429s and invalid requests), then, if asked, tries to reserve one request. Running
 * both in one script is what keeps a busy process at one round trip per request, and running it inside
 * Redis is what makes a reservation atomic across the fleet.
 *
 * Every key of a token lives under `KEYS[1]` (`<prefix>:{<token id>}`): the braces are a Redis Cluster
 * hash tag, so the keys the script derives from it share one slot. Times are Redis's own (`TIME`)
 * unless the caller passes one, so machines whose clocks disagree still agree on every window; the
 * platform's resets are relative (`Reset-After`) and are turned into Redis times here.
 *
 * Keys (all expire):
 * - `:g` sorted set: the token's global slots (member: reservation id, score: when the slot frees);
 * - `:d:<bucket>` sorted set: a development bucket's slots, the same way;
 * - `:r` hash: route → bucket id (`-`: the route has no bucket);
 * - `:b:<bucket id or route>|<major>` hash: limit, remaining, resetAt, reset (window id);
 *   `…:f` sorted set: its requests in flight (score: when the reservation lapses);
 * - `:i` sorted set: invalid answers (score: when), `:n` the next time the brake lets one go;
 * - `:p` until when a global 429 pauses the token.
 *
 * ARGV: now (or '' for Redis time), the number of answers N, then N × 14 answer fields (status -1:
 * a request let go locally while Redis was away, `resetAfter` ms ago), then the reservation or nothing
 * (the field order is RedisRateLimitStore's `#answer` and `#reserve`).
 * Reply: `{granted, reason, waitMs, bucket, bucketKey, informed, invalidCount}`; `granted` 1 with the
 * bucket key to name in the answer, 0 with the reason and the wait (-1: until an answer in flight
 * arrives), -1 when no reservation was asked.
 */
export const RATE_LIMIT_SCRIPT = `
local p = KEYS[1]
local now = tonumber(ARGV[1])
if not now then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local n = tonumber(ARGV[2])
local invalidCount = -1
local function slotKey(major, hash, route)
  if hash == '-' then return '' end
  if hash then return p .. ':b:' .. hash .. '|' .. major end
  return p .. ':b:route:' .. route .. '|' .. major
end
local function expireAtLeast(key, ms)
  local ttl = redis.call('PTTL', key)
  if ttl < ms then redis.call('PEXPIRE', key, ms) end
end

-- The answers seen since the last run.
for i = 0, n - 1 do
  local a = 3 + i * 14
  local id, route, major, granted = ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3]
  local status, hash = tonumber(ARGV[a + 4]), ARGV[a + 5]
  local limit, remaining, resetAfter = tonumber(ARGV[a + 6]), tonumber(ARGV[a + 7]), tonumber(ARGV[a + 8])
  local reset, retry, flags, dev, ttl = ARGV[a + 9], tonumber(ARGV[a + 10]), ARGV[a + 11], ARGV[a + 12], tonumber(ARGV[a + 13])
  local gwin = tonumber(string.match(flags, 'g(%d+)'))
  if status < 0 then
    -- A request a process let go alone while Redis was away, resetAfter ms ago: it counts here too.
    redis.call('ZADD', p .. ':g', now - resetAfter + gwin, id)
    redis.call('PEXPIRE', p .. ':g', gwin)
  elseif gwin then
    -- The request's slots free one window after its answer (the platform counted it on arrival).
    redis.call('ZADD', p .. ':g', 'XX', now + gwin, id)
  end
  if dev ~= '' then
    local bucket, win = string.match(dev, '^(.*)@(%d+)$')
    redis.call('ZADD', p .. ':d:' .. bucket, 'XX', now + tonumber(win), id)
  end
  if granted ~= '' then redis.call('ZREM', granted .. ':f', id) end
  if status > 0 then
    local rk = p .. ':r'
    local target = nil
    if hash ~= '' then
      redis.call('HSET', rk, route, hash)
      target = slotKey(major, hash, route)
    elseif string.find(flags, 'n', 1, true) and not redis.call('HGET', rk, route) then
      redis.call('HSET', rk, route, '-')
    end
    expireAtLeast(rk, ttl)
    if target then
      local st = redis.call('HMGET', target, 'limit', 'remaining', 'resetAt', 'reset')
      local curRemaining, curResetAt, curReset = tonumber(st[2]), tonumber(st[3]), st[4]
      if limit then redis.call('HSET', target, 'limit', limit) end
      if remaining then
        if not resetAfter then
          if not curResetAt then redis.call('HSET', target, 'remaining', remaining) end
        elseif resetAfter > 0 then
          local resetAt = now + resetAfter
          local same = curResetAt and ((curReset and reset ~= '' and curReset == reset) or math.abs(resetAt - curResetAt) <= 250)
          if same then
            if not curRemaining or remaining < curRemaining then redis.call('HSET', target, 'remaining', remaining) end
          elseif not curResetAt or resetAt > curResetAt then
            redis.call('HSET', target, 'remaining', remaining, 'resetAt', resetAt, 'reset', reset)
          end
        end
      end
      if string.find(flags, 'u', 1, true) then
        local untilAt = now + (retry or resetAfter or 1000)
        local cur = tonumber(redis.call('HGET', target, 'resetAt'))
        redis.call('HSET', target, 'remaining', 0)
        if not cur or untilAt > cur then redis.call('HSET', target, 'resetAt', untilAt, 'reset', reset) end
      end
      expireAtLeast(target, math.max(ttl, (resetAfter or 0) + 1000))
    end
    if string.find(flags, 'G', 1, true) and retry then
      local pk = p .. ':p'
      local cur = tonumber(redis.call('GET', pk))
      if not cur or now + retry > cur then redis.call('SET', pk, now + retry, 'PX', math.max(1, math.ceil(retry))) end
    end
    local iwin = tonumber(string.match(flags, 'i(%d+)'))
    if iwin then
      local ik = p .. ':i'
      redis.call('ZADD', ik, now, id)
      redis.call('ZREMRANGEBYSCORE', ik, '-inf', now - iwin)
      redis.call('PEXPIRE', ik, iwin)
      invalidCount = redis.call('ZCARD', ik)
    end
  end
end

local r = 3 + n * 14
if ARGV[r] == nil then return {-1, '', 0, '', '', 0, invalidCount} end
local id, route, major = ARGV[r], ARGV[r + 1], ARGV[r + 2]
local gcap, gwin, lease = tonumber(ARGV[r + 3]), tonumber(ARGV[r + 4]), tonumber(ARGV[r + 5])
local dev, dcap, dwin = ARGV[r + 6], tonumber(ARGV[r + 7]), tonumber(ARGV[r + 8])
local iwin, slowAt, stopAt = tonumber(ARGV[r + 9]), tonumber(ARGV[r + 10]), tonumber(ARGV[r + 11])

-- A global 429 pauses the whole token.
local pause = tonumber(redis.call('GET', p .. ':p'))
if pause and pause > now then return {0, 'global', pause - now, '', '', 0, invalidCount} end

-- The invalid-request brake: spread out from slowAt, stop at stopAt.
local ik, nk = p .. ':i', p .. ':n'
redis.call('ZREMRANGEBYSCORE', ik, '-inf', now - iwin)
local icount = redis.call('ZCARD', ik)
local spacing = 0
if icount >= slowAt then
  if icount >= stopAt then
    local e = redis.call('ZRANGE', ik, icount - stopAt, icount - stopAt, 'WITHSCORES')
    return {0, 'invalid-requests', math.max(1, tonumber(e[2]) + iwin - now), '', '', 0, icount}
  end
  local nextAt = tonumber(redis.call('GET', nk))
  if nextAt and nextAt > now then return {0, 'invalid-requests', nextAt - now, '', '', 0, icount} end
  local oldest = redis.call('ZRANGE', ik, 0, 0, 'WITHSCORES')
  spacing = math.ceil((tonumber(oldest[2]) + iwin - now) / (stopAt - icount))
end

-- The development bucket.
local dk = nil
if dev ~= '' then
  dk = p .. ':d:' .. dev
  redis.call('ZREMRANGEBYSCORE', dk, '-inf', now)
  if redis.call('ZCARD', dk) >= dcap then
    local e = redis.call('ZRANGE', dk, 0, 0, 'WITHSCORES')
    return {0, 'development', math.max(1, tonumber(e[2]) - now), dev, '', 0, icount}
  end
end

-- The route's bucket: remaining (as the platform last said) less the requests in flight.
local hash = redis.call('HGET', p .. ':r', route)
local bk = slotKey(major, hash, route)
local informed = 0
if bk ~= '' then
  redis.call('ZREMRANGEBYSCORE', bk .. ':f', '-inf', now)
  local inflight = redis.call('ZCARD', bk .. ':f')
  local st = redis.call('HMGET', bk, 'limit', 'remaining', 'resetAt')
  local limit, remaining, resetAt = tonumber(st[1]), tonumber(st[2]), tonumber(st[3])
  if limit then informed = 1 end
  if resetAt and now >= resetAt then
    remaining = limit or 1
    resetAt = nil
    redis.call('HSET', bk, 'remaining', remaining)
    redis.call('HDEL', bk, 'resetAt', 'reset')
  elseif remaining == nil or (not resetAt and inflight == 0 and remaining <= 0) then
    remaining = limit or 1
  end
  if remaining - inflight <= 0 then
    local wait = -1
    if resetAt and remaining <= 0 then wait = math.max(1, resetAt - now) end
    return {0, 'bucket', wait, hash or '', bk, informed, icount}
  end
end

-- The token's global limit.
local gk = p .. ':g'
if gcap then
  redis.call('ZREMRANGEBYSCORE', gk, '-inf', now)
  if redis.call('ZCARD', gk) >= gcap then
    local e = redis.call('ZRANGE', gk, 0, 0, 'WITHSCORES')
    -- A slot still in flight frees one window after its answer: look again within a window.
    return {0, 'global', math.max(1, math.min(tonumber(e[2]) - now, gwin)), '', '', 0, icount}
  end
end

-- Granted: every slot is taken in this one step, so no other process can take the same one.
if gcap then
  redis.call('ZADD', gk, now + gwin + lease, id)
  redis.call('PEXPIRE', gk, gwin + lease)
end
if dk then
  redis.call('ZADD', dk, now + dwin + lease, id)
  redis.call('PEXPIRE', dk, dwin + lease)
end
if bk ~= '' then
  redis.call('ZADD', bk .. ':f', now + lease, id)
  redis.call('PEXPIRE', bk .. ':f', lease)
end
if spacing > 0 then redis.call('SET', nk, now + spacing, 'PX', spacing) end
return {1, '', 0, hash or '', bk, informed, icount}
`;
