import { it } from 'vitest'
import { HTTP, QUERIES } from '../differential/corpus.ts'
import { LOGS, NOW_MS } from '../reference/fixture.ts'
import { fullyPushed, openBoth } from './both-backends.ts'

it('lists', async () => {
  const both = await openBoth({ logs: LOGS, http: HTTP }, { nowMs: NOW_MS, blockRows: 1000 })
  for (const [, apl] of QUERIES) {
    if (await fullyPushed(both.ch, apl, {})) continue
    const e = await both.ch.explain(apl)
    console.log(
      'NOT PUSHED:',
      apl,
      '\n   ',
      e.physical
        .split('\n')
        .map((l) => l.slice(0, 110))
        .join('\n    '),
    )
  }
  await both.close()
})
