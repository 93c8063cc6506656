/// The Lua scripts of ``RedisCacheStorage``. Each runs atomically in Redis; ARGV[1] is the
/// namespace, the rest are listed above each script.
enum RedisCacheScripts {
    /// Shared by every script: `drop` removes one response and uncounts its bytes; `sweep`
    /// uncounts, from the least recently used end, responses whose hash Redis has expired (they
    /// expire in the order of last use, since both are renewed together).
    static let prelude = """
        local ns = ARGV[1]
        local lru, sizes, owners, bytes = ns .. ':lru', ns .. ':sizes', ns .. ':owners', ns .. ':bytes'
        local function drop(key)
            local size = tonumber(redis.call('HGET', sizes, key))
            if size then redis.call('DECRBY', bytes, size) end
            local owner = redis.call('HGET', owners, key)
            if owner then redis.call('SREM', ns .. ':variants:' .. owner, key) end
            redis.call('HDEL', sizes, key)
            redis.call('HDEL', owners, key)
            redis.call('ZREM', lru, key)
            redis.call('DEL', ns .. ':entry:' .. key)
        end
        local function sweep(limit)
            for _ = 1, limit do
                local oldest = redis.call('ZRANGE', lru, 0, 0)
                if #oldest == 0 or redis.call('EXISTS', ns .. ':entry:' .. oldest[1]) == 1 then return end
                drop(oldest[1])
            end
        end

        """

    /// ARGV: resource. Returns key, fields, key, fields... of the resource's live variants.
    static let variants = """
        local result = {}
        for _, key in ipairs(redis.call('SMEMBERS', ns .. ':variants:' .. ARGV[2])) do
            local fields = redis.call('HGETALL', ns .. ':entry:' .. key)
            if #fields == 0 then
                drop(key)
            else
                table.insert(result, key)
                table.insert(result, fields)
            end
        end
        return result
        """

    /// ARGV: key, resource, size, budget, ttl (ms, 0: none), status, headers, vary, body, url,
    /// requestTime, responseTime. Returns 1 when stored, 0 when larger than the budget.
    static let store = """
        local key, resource = ARGV[2], ARGV[3]
        local size, budget, ttl = tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
        drop(key)
        sweep(100)
        if size > budget then return 0 end
        local entry = ns .. ':entry:' .. key
        redis.call('HSET', entry, 'status', ARGV[7], 'headers', ARGV[8], 'vary', ARGV[9], 'body', ARGV[10],
            'url', ARGV[11], 'requestTime', ARGV[12], 'responseTime', ARGV[13])
        if ttl > 0 then redis.call('PEXPIRE', entry, ttl) end
        redis.call('SADD', ns .. ':variants:' .. resource, key)
        redis.call('HSET', sizes, key, size)
        redis.call('HSET', owners, key, resource)
        redis.call('ZADD', lru, redis.call('INCR', ns .. ':clock'), key)
        local total = redis.call('INCRBY', bytes, size)
        if total > budget then
            local target = math.floor(budget * 0.9)
            while total > target do
                local oldest = redis.call('ZRANGE', lru, 0, 0)
                if #oldest == 0 or oldest[1] == key then break end
                drop(oldest[1])
                total = tonumber(redis.call('GET', bytes))
            end
        end
        return 1
        """

    /// ARGV: key, ttl (ms, 0: none).
    static let markUsed = """
        local key, ttl = ARGV[2], tonumber(ARGV[3])
        if not redis.call('ZSCORE', lru, key) then return 0 end
        redis.call('ZADD', lru, redis.call('INCR', ns .. ':clock'), key)
        if ttl > 0 then redis.call('PEXPIRE', ns .. ':entry:' .. key, ttl) end
        return 1
        """

    /// ARGV: resource.
    static let removeResource = """
        for _, key in ipairs(redis.call('SMEMBERS', ns .. ':variants:' .. ARGV[2])) do drop(key) end
        redis.call('DEL', ns .. ':variants:' .. ARGV[2])
        return 1
        """

    /// No ARGV but the namespace.
    static let removeAll = """
        for _, key in ipairs(redis.call('ZRANGE', lru, 0, -1)) do drop(key) end
        redis.call('DEL', lru, sizes, owners, bytes)
        return 1
        """

    /// No ARGV but the namespace. Returns the number of responses and their bytes.
    static let usage = """
        sweep(1000)
        return {redis.call('ZCARD', lru), tonumber(redis.call('GET', bytes) or '0')}
        """
}
