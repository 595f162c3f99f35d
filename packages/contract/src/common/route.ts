/**
 * One API path as both faces need it: the server registers `pattern` (`/api/client/orders/:id/`),
 * the web app calls the builder with the values in the pattern's order, each URL-encoded
 * (`api.orders.byId(7)` → `/api/client/orders/7/`). A path without parameters stays a plain string.
 */

/** The names of a pattern's `:params`, in order. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : P extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** One value per name, as typed in a URL (mapped over a type parameter, so a tuple stays a tuple). */
type ValuesOf<Names extends unknown[]> = { [K in keyof Names]: string | number };
type Values<P extends string> = ValuesOf<ParamNames<P>>;

export type Route<P extends string> = ((...values: Values<P>) => string) & { readonly pattern: P };

export function route<const P extends string>(pattern: P): Route<P> {
  const build = (...values: Array<string | number>) => {
    let next = 0;
    return pattern.replace(/:[A-Za-z_]\w*/g, () => encodeURIComponent(String(values[next++])));
  };
  return Object.assign(build, { pattern }) as Route<P>;
}
