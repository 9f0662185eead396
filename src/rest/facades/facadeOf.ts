/**
 * The one builder behind the facades: a facade is declared as a small map from method name to
 * operation, and `facadeOf` makes its class, one thin `call` per entry. Types come from the table
 * ({@link FacadeMethods}); the TSDoc an editor shows comes from the map's entries, which are written
 * from the table's summaries (`npm run facades:docs`; a test fails when they drift).
 */
import { type RouteName, routes } from '../../spec/routes.js';
import type { LooseCallArgs } from '../callTypes.js';
import type { FacadeMethods, FacadeOperations, FacadeResult, RestCaller } from './facadeTypes.js';

/** The class {@link facadeOf} makes: built over a client, with one method per operation of `M`. */
export type FacadeClass<M extends FacadeOperations> = new (client: RestCaller) => FacadeMethods<M>;

/**
 * A facade class with one method per entry of `operations`. A method sends its operation with
 * `call`: params first when the operation's path has placeholders (read from THE table once, here),
 * then the rest of `call`'s arguments, unchanged. Extend the class to add helpers over several calls.
 */
export function facadeOf<const M extends FacadeOperations>(operations: M): FacadeClass<M> {
  class Facade {
    readonly #client: RestCaller;

    constructor(client: RestCaller) {
      this.#client = client;
    }

    static {
      for (const [method, name] of Object.entries(operations)) {
        const takesParams = routes[name].path.includes('{');
        // Methods on the prototype, as a class declares them (not enumerable).
        Object.defineProperty(Facade.prototype, method, {
          value(this: Facade, ...args: unknown[]) {
            return send(this.#client, name, takesParams ? withParams(args) : args[0]);
          },
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return Facade as unknown as FacadeClass<M>;
}

/** `(params, options?)` as `call`'s one argument: the options with `params` added. */
function withParams(args: readonly unknown[]): LooseCallArgs {
  const params = args[0] as Readonly<Record<string, unknown>>;
  const options = args[1] as LooseCallArgs | undefined;
  return options === undefined ? { params } : { ...options, params };
}

function send(client: RestCaller, name: RouteName, args: unknown): FacadeResult<RouteName> {
  return (client.call as (name: string, args?: unknown) => FacadeResult<RouteName>).call(client, name, args);
}
