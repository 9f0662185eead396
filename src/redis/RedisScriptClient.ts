/**
 * The few Redis commands {@link RedisRateLimitStore} needs, as a structural type: a node-redis client
 * (v4 or v5, `createClient()` from `redis`) fits it as it is, so this entry imports nothing from the
 * Redis library and the library stays an optional peer dependency.
 */

/** What the store calls on a Redis connection. */
export interface RedisScriptClient {
  /** `SCRIPT LOAD`: resolves to the script's SHA1. */
  scriptLoad(script: string): Promise<string>;
  /** `EVALSHA` with the script's keys and arguments. */
  evalSha(sha: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** Whether the connection is up (node-redis sets it); checked before trying Redis again. */
  readonly isReady?: boolean;
}

/** Runs one script on a connection: loaded once, run by its SHA, loaded again after a `NOSCRIPT`. */
export class LoadedScript {
  readonly #redis: RedisScriptClient;
  readonly #source: string;
  #sha: Promise<string> | undefined;

  constructor(redis: RedisScriptClient, source: string) {
    this.#redis = redis;
    this.#source = source;
  }

  /** Runs the script; a server that lost its script cache (a restart) gets it again, once. */
  async run(keys: string[], args: string[]): Promise<unknown> {
    const sha = await this.#load();
    try {
      return await this.#redis.evalSha(sha, { keys, arguments: args });
    } catch (error) {
      if (!String((error as Error | undefined)?.message).startsWith('NOSCRIPT')) throw error;
      this.#sha = undefined;
      return this.#redis.evalSha(await this.#load(), { keys, arguments: args });
    }
  }

  #load(): Promise<string> {
    if (this.#sha === undefined) {
      const loading = this.#redis.scriptLoad(this.#source);
      // A failed load is tried again next time rather than remembered.
      loading.catch(() => {
        if (this.#sha === loading) this.#sha = undefined;
      });
      this.#sha = loading;
    }
    return this.#sha;
  }
}
