import { ErrorBodySchema } from '@cabinet/contract';

/** Error answers of a route for the OpenAPI document: all share the `{detail, errors}` body. */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  return Object.fromEntries(codes.map((c) => [c, ErrorBodySchema])) as {
    [K in C[number]]: typeof ErrorBodySchema;
  };
}
