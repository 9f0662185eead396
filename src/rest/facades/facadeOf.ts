/**
 * The one builder behind the facades: `facadeOf<Operations>(area)` makes the class of an area's
 * facade, one thin `call` per operation of that area in THE route table. A method's name is the
 * operation's without the area's noun (`getGuildMember` is `guilds.getMember`). The facade's
 * `Operations` interface lists the same names for the types ({@link FacadeMethods}); the TSDoc an
 * editor shows is its entries', written from the table (`npm run facades:docs`; tests fail when the
 * docs or the names drift).
 */
import type { RouteArea, RouteDef } from '../../spec/route.js';
import { routeList } from '../../spec/routes.js';
import type { LooseCallArgs } from '../callTypes.js';
import type { FacadeMethods, FacadeOperations, FacadeResult, RestCaller } from './facadeTypes.js';

/** The class {@link facadeOf} makes: built over a client, with one method per operation of `M`. */
export type FacadeClass<M extends FacadeOperations<M>> = new (client: RestCaller) => FacadeMethods<M>;

/**
 * The noun each area's method names leave out. The current user's guilds keep theirs:
 * `CurrentUser` is the subject there, not the area.
 */
const areaNouns: Readonly<Record<RouteArea, RegExp>> = {
  lobbies: /Lobby/,
  guilds: /Guild/,
  invites: /Invite/,
  channels: /Channel/,
  users: /(?<!Current)User/,
  applications: /Application/,
  gateway: /Gateway/,
};

/** The facade method name of `route`: its name without its area's noun. */
export function facadeMethodName(route: RouteDef): string {
  return route.name.replace(areaNouns[route.area], '');
}

/**
 * A facade class with one method per operation of `area`, typed by `M` (method name → operation).
 * A method sends its operation with `call`: params first when the operation's path has placeholders
 * (read from THE table once, here), then the rest of `call`'s arguments, unchanged. Extend the class
 * to add helpers over several calls.
 */
export function facadeOf<M extends FacadeOperations<M>>(area: RouteArea): FacadeClass<M> {
  class Facade {
    readonly #client: RestCaller;

    constructor(client: RestCaller) {
      this.#client = client;
    }

    static {
      for (const route of routeList) {
        if (route.area !== area) continue;
        const { name } = route;
        const takesParams = route.path.includes('{');
        // Methods on the prototype, as a class declares them (not enumerable).
        Object.defineProperty(Facade.prototype, facadeMethodName(route), {
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

function send(client: RestCaller, name: string, args: unknown): FacadeResult<never> {
  return (client.call as unknown as (name: string, args?: unknown) => FacadeResult<never>).call(
    client,
    name,
    args,
  );
}
