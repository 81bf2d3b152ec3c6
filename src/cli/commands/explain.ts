// cli/commands/explain.ts: `apldb explain '<apl>'`: explain analyze against a store directory or a
// server (`POST /v1/datasets/_apl/explain`): the plans before and after the optimizer, the physical
// operators, and the blocks and rows the query read. Never prints result rows.

import type { ExplainReport } from '../../query/explain.ts'
import { aplFailure } from '../apl-failure.ts'
import type { CommandDef } from '../command.ts'
import { formatCount } from '../human.ts'
import { outputWidth } from '../io.ts'
import { checkedWindow, FILE_OPTION, queryText, TIME_OPTIONS } from '../query-options.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

/** `apldb explain`. */
export const explainCommand: CommandDef = {
  name: 'explain',
  summary: 'show how a query runs: plans, operators, blocks and rows read',
  usage: "explain '<apl>' | --file FILE | - [options]",
  details: [
    'Runs the query once (explain analyze) and prints the logical plan, the plan after the optimizer,',
    'the physical operators, and the blocks and rows it read.',
    '',
    'Example:',
    "  apldb explain \"['sample-http-logs'] | where status == '500' | count\" --start now-1d",
  ].join('\n'),
  options: {
    ...TIME_OPTIONS,
    json: { type: 'boolean', description: 'print the report as JSON' },
    ...FILE_OPTION,
    ...TARGET_OPTIONS,
  },
  positionals: { min: 0, max: 1 },
  async run({ values, positionals }, io) {
    const window = checkedWindow(values, 'explain')
    const target = resolveTarget(values, io, 'explain')
    const apl = await queryText(values, positionals, io, 'explain')
    let report: ExplainReport
    try {
      report =
        target.kind === 'embedded'
          ? await withStore(target.dir, true, (db) => db.explain(apl, window))
          : ((await target.client.json('POST', '/v1/datasets/_apl/explain', {
              json: { apl, ...window },
            })) as ExplainReport)
    } catch (e) {
      throw aplFailure(e, apl, outputWidth(io.stderr, io.env))
    }
    io.stdout.write(values.json === true ? `${JSON.stringify(report, null, 2)}\n` : explainText(report))
    return 0
  },
}

/** The report for people. */
export function explainText(r: ExplainReport): string {
  const b = r.blocks
  return [
    `blocks: ${formatCount(b.total)} in the datasets read, ${formatCount(b.pruned)} pruned, ${formatCount(b.examined)} examined (${formatCount(b.fromStats)} from zone-map stats)`,
    `rows:   ${formatCount(r.rows.examined)} examined, ${formatCount(r.rows.matched)} matched`,
    '',
    'logical plan:',
    indent(r.logical),
    '',
    'optimized:',
    indent(r.optimized),
    '',
    'physical operators:',
    indent(r.physical),
    '',
  ].join('\n')
}

const indent = (s: string) =>
  s
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n')
