import {
  LimitNode,
  SelectQueryNode,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Writes a select's LIMIT into the SQL as an integer literal instead of binding it (SQLite only).
 *
 * SQLite's planner reads the value of a bound LIMIT, so it marks the statement to be compiled again
 * whenever that parameter is bound — on every run, even with the same value. With statements kept
 * prepared (`withStatementCache`), every paged query was compiled anew each time: that was a
 * third of the CPU of the orders list's page read (bench/api-orders). An integer in the SQL is as
 * safe as a bound one; anything else (a slot of a precompiled query, a string) stays bound. The
 * statement cache then keeps one statement per limit, and limits are few (page sizes).
 */
export class InlineLimitPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (!SelectQueryNode.is(node) || node.limit === undefined) return node;
    const limit = node.limit.limit;
    if (!ValueNode.is(limit) || limit.immediate === true) return node;
    if (typeof limit.value !== 'number' || !Number.isSafeInteger(limit.value)) return node;
    return SelectQueryNode.cloneWithLimit(node, LimitNode.create(ValueNode.createImmediate(limit.value)));
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
