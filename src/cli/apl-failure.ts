// cli/apl-failure.ts: turns a failed APL request (an engine AplError, or a server's 400 with an error
// body) into a CliError whose text shows the query with a caret under the problem.

import { AplError } from '../diagnostics/diagnostic.ts'
import { problemOfErrorBody, problemsOfDiagnostics, renderProblems } from './caret.ts'
import { CliError } from './errors.ts'
import { RemoteError } from './remote.ts'

/** `e` as a CliError with a caret excerpt of `apl` when it is an APL error; other errors unchanged. */
export function aplFailure(e: unknown, apl: string, width: number): unknown {
  if (e instanceof AplError) {
    return new CliError(renderProblems(apl, problemsOfDiagnostics(e.diagnostics), width), {
      preformatted: true,
      cause: e,
    })
  }
  // A 400 from a server is the query's fault (auth and missing routes are 401/403/404).
  if (e instanceof RemoteError && e.status === 400) {
    return new CliError(renderProblems(apl, [problemOfErrorBody(apl, e.body, e.message)], width), {
      preformatted: true,
      cause: e,
    })
  }
  return e
}
