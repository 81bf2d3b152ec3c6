// console/src/time-range.ts: the query window: relative presets (`now-1h` … as the API takes them)
// or absolute start and end (UTC), and the control that edits it. Zooming a chart sets an absolute one.

/** A window in the API's terms. */
export interface TimeRange {
  readonly startTime?: string
  readonly endTime?: string
  /** What the control shows. */
  readonly label: string
}

/** The relative presets. */
export const PRESETS: readonly { readonly label: string; readonly start?: string }[] = [
  { label: 'Last 15 minutes', start: 'now-15m' },
  { label: 'Last hour', start: 'now-1h' },
  { label: 'Last 6 hours', start: 'now-6h' },
  { label: 'Last 24 hours', start: 'now-24h' },
  { label: 'Last 7 days', start: 'now-7d' },
  { label: 'Last 30 days', start: 'now-30d' },
  { label: 'All time' },
]

/** An absolute window from epoch ms (a chart zoom). */
export function absolute(startMs: number, endMs: number): TimeRange {
  const startTime = new Date(Math.floor(startMs)).toISOString()
  const endTime = new Date(Math.ceil(endMs)).toISOString()
  return {
    startTime,
    endTime,
    label: `${startTime.slice(0, 16).replace('T', ' ')} → ${endTime.slice(0, 16).replace('T', ' ')} UTC`,
  }
}

const toInput = (iso: string | undefined) => (iso === undefined ? '' : iso.slice(0, 16))

/** The control: a preset select and two UTC datetime inputs; `onChange` on every change. */
export function timeRangeControl(initial: TimeRange, onChange: (r: TimeRange) => void) {
  const root = document.createElement('div')
  root.className = 'time-range'
  const select = document.createElement('select')
  select.setAttribute('aria-label', 'time range')
  select.id = 'time-preset'
  for (const [i, p] of PRESETS.entries()) select.append(new Option(p.label, String(i)))
  select.append(new Option('Custom (UTC)', 'custom'))
  const start = document.createElement('input')
  const end = document.createElement('input')
  for (const [el, name] of [
    [start, 'start'],
    [end, 'end'],
  ] as const) {
    el.type = 'datetime-local'
    el.id = `time-${name}`
    el.setAttribute('aria-label', `${name} (UTC)`)
  }
  const show = (r: TimeRange) => {
    const preset = PRESETS.findIndex((p) => p.start === r.startTime && r.endTime === undefined)
    select.value = preset >= 0 ? String(preset) : 'custom'
    start.value = toInput(r.startTime?.startsWith('now') ? undefined : r.startTime)
    end.value = toInput(r.endTime?.startsWith('now') ? undefined : r.endTime)
    root.classList.toggle('custom', preset < 0)
  }
  select.addEventListener('change', () => {
    if (select.value === 'custom') {
      root.classList.add('custom')
      return
    }
    const p = PRESETS[Number(select.value)]
    const r = { ...(p.start ? { startTime: p.start } : {}), label: p.label }
    show(r)
    onChange(r)
  })
  const fromInputs = () => {
    if (start.value === '') return
    const s = new Date(`${start.value}:00Z`)
    const e = end.value === '' ? undefined : new Date(`${end.value}:00Z`)
    onChange({ startTime: s.toISOString(), ...(e ? { endTime: e.toISOString() } : {}), label: 'custom' })
  }
  start.addEventListener('change', fromInputs)
  end.addEventListener('change', fromInputs)
  root.append(select, start, end)
  show(initial)
  return { element: root, set: show }
}
