// console/src/error-marks.ts: shows a query error in the editor: the span underlined and the message
// on its own line right under it (indented to the span's column), until the text changes.

import { type EditorState, StateEffect, StateField } from '@codemirror/state'
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view'

/** An error at `[start, start + length)` of the query. */
export interface QueryError {
  readonly start: number
  readonly length: number
  readonly message: string
}

/** Sets (or clears with null) the error shown. */
export const setError = StateEffect.define<QueryError | null>()

class MessageWidget extends WidgetType {
  readonly message: string
  readonly column: number
  constructor(message: string, column: number) {
    super()
    this.message = message
    this.column = column
  }
  override eq(other: MessageWidget) {
    return other.message === this.message && other.column === this.column
  }
  toDOM() {
    const div = document.createElement('div')
    div.className = 'cm-apl-error-message'
    div.setAttribute('role', 'alert')
    const caret = document.createElement('span')
    caret.className = 'cm-apl-error-indent'
    caret.textContent = ' '.repeat(this.column)
    const text = document.createElement('span')
    text.textContent = `↑ ${this.message}`
    div.append(caret, text)
    return div
  }
}

function decorations(state: EditorState, e: QueryError): DecorationSet {
  const len = state.doc.length
  const from = Math.min(Math.max(0, e.start), len)
  const to = Math.min(len, Math.max(from + Math.max(1, e.length), from))
  const line = state.doc.lineAt(from)
  const ranges = []
  if (to > from) ranges.push(Decoration.mark({ class: 'cm-apl-error' }).range(from, to))
  const endLine = state.doc.lineAt(Math.max(from, to - 1))
  ranges.push(
    Decoration.widget({ widget: new MessageWidget(e.message, from - line.from), block: true, side: 1 }).range(
      endLine.to,
    ),
  )
  return Decoration.set(ranges, true)
}

/** The field holding the error decorations; add it to the editor's extensions. */
export const errorMarks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    for (const ef of tr.effects)
      if (ef.is(setError)) return ef.value === null ? Decoration.none : decorations(tr.state, ef.value)
    return tr.docChanged ? Decoration.none : value
  },
  provide: (f) => EditorView.decorations.from(f),
})
