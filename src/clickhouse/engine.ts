// clickhouse/engine.ts: the RemoteEngine of a ClickHouse snapshot: for each node the physical planner
// reaches (root first), if the node and everything under it compiles (compile/), one ClickHouseExec
// runs it; else the planner builds the node locally and asks again for each input. So the longest
// ClickHouse-equivalent part of every branch runs as SQL and apldb's executor runs the rest.
import type { BuildOverride } from '../exec/parallel/index.ts'
import type { RemoteEngine, RemoteRun } from '../exec/remote.ts'
import type { LogicalNode } from '../plan/index.ts'
import type { Catalog } from './catalog.ts'
import type { ClickHouseClient } from './client.ts'
import { compileNode, statement } from './compile/compile.ts'
import { markOrderNeeds } from './compile/order.ts'
import type { CompileContext, Relation } from './compile/relation.ts'
import { ClickHouseExec } from './source-exec.ts'

/** The engine (see module header). */
export class ClickHouseEngine implements RemoteEngine {
  readonly #client: ClickHouseClient
  readonly #catalog: Catalog

  constructor(client: ClickHouseClient, catalog: Catalog) {
    this.#client = client
    this.#catalog = catalog
  }

  override(run: RemoteRun): BuildOverride {
    let n = 0
    const memos = new Map<string, Map<LogicalNode, Relation | null>>()
    const needs = new Map<LogicalNode, boolean>()
    return (node, o) => {
      // The first node asked about heads a tree the planner builds (the plan, the row cap over it,
      // a `_totals` pass): its order always matters, as the result's row cap keeps the first rows
      // in the local order even where the query leaves the order open.
      if (!needs.has(node)) markOrderNeeds(node, true, needs)
      const ctx: CompileContext = {
        source: (name) => this.#catalog.source(name),
        datasetId: (name) => this.#catalog.dataset(name)?.meta.id,
        window: run.window,
        env: run.env,
        strictTypes: run.plan.strictTypes,
        timeDesc: o.timeDesc,
        rowCap: o.rowCap,
        needsOrder: (x) => needs.get(x as LogicalNode) ?? true,
        fresh: (prefix) => `__apldb_${prefix}${n++}`,
      }
      // Relations depend on the options a node is built under (default order, row cap).
      const key = `${o.timeDesc}`
      const memo = memos.get(key) ?? new Map<LogicalNode, Relation | null>()
      memos.set(key, memo)
      const rel = compileNode(node, ctx, memo)
      return rel
        ? new ClickHouseExec(this.#client, node.schema, statement(rel, needs.get(node) ?? true))
        : undefined
    }
  }
}
