// console/src/main.ts: the web console: sign in with an API token (kept in this tab's session
// storage only), pick a dataset and a time range, write APL (highlighting, completion, errors under
// their span), run it; see the table, a chart, the stats and explain; past queries in local storage.

import { autocompletion, completionKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history as editHistory, historyKeymap } from '@codemirror/commands'
import { EditorState } from '@codemirror/state'
import { EditorView, keymap, placeholder } from '@codemirror/view'
import { buildChart, chartFor } from '../../src/chart/chart-model.ts'
import type { Visualization } from '../../src/plan/visualization.ts'
import { Api, ApiError } from './api.ts'
import { aplLanguage } from './apl-language.ts'
import { chartView } from './chart-view.ts'
import { aplCompletion } from './completion.ts'
import { errorMarks, setError } from './error-marks.ts'
import { explainView } from './explain-view.ts'
import { loadHistory, remember } from './history.ts'
import { resultsTable, type WireTable } from './results-table.ts'
import { absolute, PRESETS, type TimeRange, timeRangeControl } from './time-range.ts'
import './styles.css'

const TOKEN_KEY = 'apldb.token'
const MAX_SERIES = 20

interface TabularResponse {
  readonly status: { elapsedTime: number; rowsExamined: number; rowsMatched: number; blocksExamined: number }
  readonly tables: readonly (WireTable & { buckets?: { field: string; size: unknown } })[]
  readonly visualization?: Visualization
}

const app = document.getElementById('app') as HTMLElement

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string)[]
) {
  const e = document.createElement(tag)
  Object.assign(e, props)
  e.append(...kids)
  return e
}

function signIn(message = '') {
  const input = h('input', {
    type: 'password',
    id: 'token',
    placeholder: 'xaat-…',
    autocomplete: 'off',
    required: true,
  })
  input.setAttribute('aria-label', 'API token')
  const error = h('p', { className: 'error', id: 'signin-error', textContent: message })
  const form = h(
    'form',
    { className: 'signin', id: 'signin' },
    h('h1', { textContent: 'apldb' }),
    h('p', { textContent: 'Sign in with an API token (it stays in this tab only).' }),
    input,
    h('button', { type: 'submit', textContent: 'Sign in' }),
    error,
  )
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault()
    const api = new Api(input.value.trim())
    try {
      await api.call('GET', '/v2/user')
      sessionStorage.setItem(TOKEN_KEY, input.value.trim())
      start(api)
    } catch (e) {
      error.textContent =
        e instanceof ApiError && e.status === 401 ? 'That token is not valid.' : String((e as Error).message)
    }
  })
  app.replaceChildren(form)
  input.focus()
}

async function start(api: Api) {
  let datasets: string[] = []
  let fields: { name: string; type: string }[] = []
  let range: TimeRange = { startTime: PRESETS[3].start, label: PRESETS[3].label }
  let running: AbortController | undefined

  const datasetSelect = h('select', { id: 'dataset' })
  datasetSelect.setAttribute('aria-label', 'dataset')
  const historySelect = h('select', { id: 'history' })
  historySelect.setAttribute('aria-label', 'history')
  const runButton = h('button', { type: 'button', id: 'run', textContent: 'Run ⌘↵', className: 'primary' })
  const explainButton = h('button', { type: 'button', id: 'explain', textContent: 'Explain' })
  const signOut = h('button', { type: 'button', id: 'signout', textContent: 'Sign out' })
  const stats = h('div', { id: 'stats', className: 'stats' })
  const chartPane = h('section', { id: 'chart', className: 'pane' })
  const tablePane = h('section', { id: 'table', className: 'pane' })
  const explainPane = h('section', { id: 'explain-pane', className: 'pane' })
  const timeControl = timeRangeControl(range, (r) => {
    range = r
    run()
  })

  const fillHistory = (list: string[]) => {
    historySelect.replaceChildren(
      new Option('History…', ''),
      ...list.map((q) => new Option(q.replace(/\s+/g, ' ').slice(0, 90), q)),
    )
  }
  fillHistory(loadHistory())

  const runKey = () => {
    run()
    return true
  }
  const editor = new EditorView({
    parent: h('div'),
    state: EditorState.create({
      doc: '',
      extensions: [
        editHistory(),
        aplLanguage(),
        errorMarks,
        autocompletion({ override: [aplCompletion({ datasets: () => datasets, fields: () => fields })] }),
        placeholder("['dataset'] | summarize count() by bin_auto(_time)"),
        keymap.of([
          { key: 'Mod-Enter', run: runKey },
          { key: 'Shift-Enter', run: runKey },
          ...completionKeymap,
          ...historyKeymap,
          ...defaultKeymap,
        ]),
        EditorView.lineWrapping,
        // The page's CSP admits the editor's generated <style> by this per-load nonce.
        EditorView.cspNonce.of(
          document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '',
        ),
      ],
    }),
  })
  editor.dom.id = 'editor'

  const setDoc = (text: string) =>
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text } })

  async function loadFields(ds: string) {
    fields = []
    if (ds === '') return
    try {
      fields = (
        await api.call<{ name: string; type: string }[]>(
          'GET',
          `/v2/datasets/${encodeURIComponent(ds)}/fields`,
        )
      ).body
    } catch {
      // A token without read access to the fields still queries; completion just lacks them.
    }
  }

  async function run() {
    const apl = editor.state.doc.toString()
    if (apl.trim() === '') return
    running?.abort()
    running = new AbortController()
    editor.dispatch({ effects: setError.of(null) })
    stats.textContent = 'Running…'
    stats.className = 'stats running'
    const t0 = performance.now()
    try {
      const res = await api.call<TabularResponse>(
        'POST',
        '/v1/datasets/_apl?format=tabular',
        { apl, ...window() },
        running.signal,
      )
      fillHistory(remember(apl))
      show(res.body, res.headers.get('x-apldb-blocks-pruned'), performance.now() - t0)
      explainPane.replaceChildren()
    } catch (e) {
      if ((e as Error).name === 'AbortError') return
      stats.className = 'stats failed'
      stats.textContent = (e as Error).message
      if (e instanceof ApiError && e.detail?.start !== undefined) {
        editor.dispatch({
          effects: setError.of({ start: e.detail.start, length: e.detail.length ?? 1, message: e.message }),
        })
      }
    }
  }

  const window = () => ({
    ...(range.startTime ? { startTime: range.startTime } : {}),
    ...(range.endTime ? { endTime: range.endTime } : {}),
  })

  function show(r: TabularResponse, pruned: string | null, ms: number) {
    const table = r.tables.find((t) => t.name !== '_totals')
    const rows = table?.columns?.[0]?.length ?? 0
    const s = r.status
    stats.className = 'stats'
    stats.textContent = [
      `${rows.toLocaleString('en-US')} rows`,
      `${s.rowsExamined.toLocaleString('en-US')} rows examined`,
      `${s.rowsMatched.toLocaleString('en-US')} matched`,
      `${s.blocksExamined} blocks examined${pruned === null ? '' : `, ${pruned} pruned`}`,
      `${(s.elapsedTime / 1000).toFixed(1)} ms in the engine, ${ms.toFixed(0)} ms in all`,
    ].join(' · ')
    tablePane.replaceChildren(table ? resultsTable(table) : h('p', { textContent: 'No table.' }))
    const vis = table ? chartFor(table, r.visualization) : undefined
    const model = table && vis ? buildChart(table, vis, MAX_SERIES) : undefined
    chartPane.replaceChildren(
      ...(model
        ? [
            chartView(model, (a, b) => {
              range = absolute(a, b)
              timeControl.set(range)
              run()
            }),
          ]
        : []),
    )
    chartPane.hidden = model === undefined
  }

  async function explain() {
    const apl = editor.state.doc.toString()
    if (apl.trim() === '') return
    explainPane.replaceChildren(h('p', { textContent: 'Explaining…' }))
    try {
      const res = await api.call<Parameters<typeof explainView>[0]>('POST', '/v1/datasets/_apl/explain', {
        apl,
        ...window(),
      })
      explainPane.replaceChildren(explainView(res.body))
    } catch (e) {
      explainPane.replaceChildren(h('p', { className: 'error', textContent: (e as Error).message }))
    }
  }

  datasetSelect.addEventListener('change', async () => {
    const ds = datasetSelect.value
    await loadFields(ds)
    if (editor.state.doc.length === 0 || /^\['[^']*'\]\s*(\|.*)?$/s.test(editor.state.doc.toString())) {
      setDoc(`['${ds}']\n| summarize count() by bin_auto(_time)`)
    }
  })
  historySelect.addEventListener('change', () => {
    if (historySelect.value !== '') setDoc(historySelect.value)
    historySelect.value = ''
  })
  runButton.addEventListener('click', () => run())
  explainButton.addEventListener('click', () => explain())
  signOut.addEventListener('click', () => {
    sessionStorage.removeItem(TOKEN_KEY)
    signIn()
  })

  app.replaceChildren(
    h(
      'header',
      { className: 'bar' },
      h('strong', { textContent: 'apldb' }),
      datasetSelect,
      timeControl.element,
      historySelect,
      runButton,
      explainButton,
      signOut,
    ),
    editor.dom,
    stats,
    chartPane,
    tablePane,
    explainPane,
  )
  chartPane.hidden = true
  try {
    datasets = (await api.call<{ name: string }[]>('GET', '/v2/datasets')).body.map((d) => d.name)
  } catch {
    datasets = []
  }
  datasetSelect.replaceChildren(...datasets.map((d) => new Option(d, d)))
  if (datasets.length > 0) {
    await loadFields(datasets[0])
    setDoc(loadHistory()[0] ?? `['${datasets[0]}']\n| summarize count() by bin_auto(_time)`)
  }
  editor.focus()
}

const saved = sessionStorage.getItem(TOKEN_KEY)
if (saved) {
  const api = new Api(saved)
  api.call('GET', '/v2/user').then(
    () => start(api),
    () => signIn('Your session ended; sign in again.'),
  )
} else signIn()
