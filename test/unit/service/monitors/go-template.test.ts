// The Go text/template subset of custom webhook bodies: fields, nested fields, jsonObject/jsonArray,
// if/else with eq, ne, not, and, or, whitespace trimming, Go's printing of missing and nil values,
// and refusals with the offset of the bad action.
import { describe, expect, it } from 'vitest'
import { compileTemplate, TemplateError } from '../../../../src/service/monitors/go-template.ts'

const data = {
  Action: 'Open',
  Title: 'errors',
  Value: 57347,
  MatchedEvent: { a: 1, b: 'x' },
  GroupKeys: null,
  Nested: { Inner: 'deep' },
}
const render = (src: string) => compileTemplate(src).render(data)

describe('go template subset', () => {
  it('prints fields, nested fields and JSON', () => {
    expect(render('{{.Title}} = {{ .Value }} / {{.Nested.Inner}}')).toBe('errors = 57347 / deep')
    expect(render('{{jsonObject .MatchedEvent}} {{jsonArray .GroupKeys}}')).toBe('{"a":1,"b":"x"} null')
    expect(render('[{{.Missing}}] [{{.GroupKeys}}]')).toBe('[<no value>] [<nil>]')
  })

  it('branches with eq, ne, not, and, or', () => {
    expect(render('{{ if eq .Action "Open" }}firing{{ else }}resolved{{ end }}')).toBe('firing')
    expect(render('{{if ne .Action "Open"}}x{{else}}y{{end}}')).toBe('y')
    expect(render('{{if not .GroupKeys}}ungrouped{{end}}')).toBe('ungrouped')
    expect(
      render('{{if and .Title .Value}}both{{end}}{{if or .GroupKeys .Missing}}any{{else}}none{{end}}'),
    ).toBe('bothnone')
    expect(render('{{if eq .Action "Closed" "Open"}}one of{{end}}')).toBe('one of')
  })

  it('trims around {{- and -}}', () => {
    expect(render('a  {{- .Title -}}  b')).toBe('aerrorsb')
  })

  it('refuses what it does not support, saying where', () => {
    const bad: [string, number][] = [
      ['x {{.Title', 2],
      ['{{printf "%d" .Value}}', 0],
      ['ok {{if .Title}}never closed', 3],
      ['{{end}}', 0],
      ['{{ .Title .Value }}', 0],
    ]
    for (const [src, offset] of bad) {
      let err: unknown
      try {
        compileTemplate(src)
      } catch (e) {
        err = e
      }
      expect(err, src).toBeInstanceOf(TemplateError)
      expect((err as TemplateError).offset, src).toBe(offset)
    }
  })
})
