// query/compile-worker.ts: the compile worker thread: parses, binds (and optimizes) one large query
// text at a time against the schema copy it is sent, and posts the plan back flattened (plan-codec.ts).
// Never touches the store.
import { parentPort } from 'node:worker_threads'
import { ENGINE_CAPABILITIES } from '../exec/capabilities.ts'
import { type FlatPlan, flattenPlan } from '../exec/parallel/plan-codec.ts'
import { optimize } from '../optimize/index.ts'
import type { SchemaSource } from '../plan/index.ts'
import { compileApl } from '../plan/index.ts'
import { lowerWorkerPriority } from '../util/worker-priority.ts'
import type { CompileReply, CompileTask } from './compile-protocol.ts'

lowerWorkerPriority()

function compile(task: CompileTask): CompileReply {
  const fields = new Map(task.datasets)
  const names = task.datasets.map(([name]) => name)
  const schema: SchemaSource = { datasetNames: () => names, fields: (d) => fields.get(d) }
  const bound = compileApl(task.text, schema, { capabilities: ENGINE_CAPABILITIES })
  if (!bound.plan) return { id: task.id, kind: 'diagnostics', diagnostics: bound.diagnostics }
  const done = task.optimizeAt === undefined ? bound.plan : optimize(bound.plan, { now: task.optimizeAt })
  let plan: FlatPlan
  try {
    plan = flattenPlan(done)
  } catch (e) {
    return { id: task.id, kind: 'not-portable', reason: e instanceof Error ? e.message : String(e) }
  }
  return { id: task.id, kind: 'plan', plan, warnings: bound.warnings }
}

parentPort?.on('message', (task: CompileTask) => {
  let reply: CompileReply
  try {
    reply = compile(task)
  } catch (e) {
    reply = { id: task.id, kind: 'not-portable', reason: e instanceof Error ? e.message : String(e) }
  }
  try {
    // The plan's typed arrays move rather than copy (a 2,000-extend plan has 2M member slots).
    const moved =
      reply.kind === 'plan' ? [reply.plan.kinds.buffer, reply.plan.ints.buffer, reply.plan.slots.buffer] : []
    parentPort?.postMessage(reply, moved as ArrayBuffer[])
  } catch (e) {
    parentPort?.postMessage({ id: task.id, kind: 'not-portable', reason: String(e) } satisfies CompileReply)
  }
})
parentPort?.postMessage('ready')
