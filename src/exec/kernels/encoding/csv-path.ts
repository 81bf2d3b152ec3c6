// exec/kernels/encoding/csv-path.ts: parse_csv (one CSV record: commas, double-quoted fields with `""`
// for a quote) and parse_path (a file path, file URI or URL split as Kusto's parse_path does: Scheme,
// RootPath, DirectoryPath, DirectoryName, Filename, Extension, AlternateDataStreamName).
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'

/** The fields of one CSV record; a quote inside an unquoted field is kept as text. */
export function parseCsv(s: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  let fieldStart = true
  for (let i = 0; i < s.length; i++) {
    const c = s[i]
    if (quoted) {
      if (c !== '"') field += c
      else if (s[i + 1] === '"') {
        field += '"'
        i++
      } else quoted = false
    } else if (c === ',') {
      fields.push(field)
      field = ''
      fieldStart = true
      continue
    } else if (c === '"' && fieldStart) quoted = true
    else field += c
    fieldStart = false
  }
  fields.push(field)
  return fields
}

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/\\]*)/
const DRIVE = /^([A-Za-z]:)/

/** The parts of a path (see module header); "" for an absent part. */
export function parsePath(s: string): CellJson {
  let scheme = ''
  let root = ''
  let rest = s
  const url = SCHEME.exec(s)
  if (url !== null) {
    scheme = url[1]
    root = url[2]
  } else if (s.startsWith('\\\\')) {
    const end = s.slice(2).search(/[\\/]/)
    root = end < 0 ? s.slice(2) : s.slice(2, 2 + end)
  } else {
    const drive = DRIVE.exec(s)
    if (drive !== null) root = drive[1]
  }
  const cut = Math.max(rest.lastIndexOf('/'), rest.lastIndexOf('\\'))
  let filename = cut < 0 ? rest : rest.slice(cut + 1)
  const directory = cut < 0 ? '' : rest.slice(0, cut)
  rest = ''
  let stream = ''
  const colon = filename.indexOf(':')
  if (colon >= 0 && !(cut < 0 && DRIVE.test(filename))) {
    stream = filename.slice(colon + 1)
    filename = filename.slice(0, colon)
  }
  const dot = filename.lastIndexOf('.')
  const dirCut = Math.max(directory.lastIndexOf('/'), directory.lastIndexOf('\\'))
  return {
    Scheme: scheme,
    RootPath: root,
    DirectoryPath: directory,
    DirectoryName: directory.slice(dirCut + 1),
    Filename: filename,
    Extension: dot < 0 ? '' : filename.slice(dot + 1),
    AlternateDataStreamName: stream,
  }
}

/** CSV and path kernels keyed by scalar kernel key. */
export const CSV_PATH_KERNELS = {
  parse_csv: scalarKernel({ args: ['string'], returns: 'dynamic', fn: parseCsv }),
  parse_path: scalarKernel({ args: ['string'], returns: 'dynamic', fn: parsePath }),
}
