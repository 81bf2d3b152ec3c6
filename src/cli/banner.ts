// cli/banner.ts: what `apldb serve` prints once it listens: the URL and, on the first start only, the
// generated root token with a ready-to-paste curl command, an @axiomhq/js snippet and apldb commands
// spelled the way this shell runs them (launcher-command.ts).

/** `s` quoted for a POSIX shell: double quotes when nothing inside is special there, else single. */
export function shellQuote(s: string): string {
  if (!/["$`\\!]/.test(s)) return `"${s}"`
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/** The lines printed after the server starts. `dataset` is the one the examples query. */
export function serveBanner(
  url: string,
  dataDir: string,
  rootToken: string | undefined,
  dataset: string,
  apldb = 'npx apldb',
): string {
  const lines = [
    `apldb serving ${url} (store ${dataDir}); Ctrl-C stops it`,
    `Web console: ${url}/ (sign in with an API token)`,
  ]
  if (rootToken === undefined) {
    lines.push(
      'Use the root token printed on the first start, or create one (with the server stopped):',
      `  ${apldb} tokens create console --query '*' --data ${shellQuote(dataDir)}`,
    )
    return `${lines.join('\n')}\n`
  }
  const apl = `['${dataset}'] | summarize count() by status`
  // Double-quoted dataset name inside JSON inside single quotes: valid JSON and no shell escapes.
  const body = JSON.stringify({ apl: `["${dataset}"] | summarize count() by status`, startTime: 'now-1d' })
  lines.push(
    '',
    `Root token: ${rootToken}`,
    '  It is shown only this once (the store keeps a hash). Save it now.',
    '',
    'Query with curl:',
    `  curl -s '${url}/v1/datasets/_apl?format=tabular' \\`,
    `    -H 'Authorization: Bearer ${rootToken}' -H 'Content-Type: application/json' \\`,
    `    -d ${shellQuote(body)}`,
    '',
    'Or with @axiomhq/js (npm install @axiomhq/js):',
    `  import { Axiom } from '@axiomhq/js'`,
    `  const axiom = new Axiom({ token: '${rootToken}', url: '${url}' })`,
    `  const res = await axiom.query(${JSON.stringify(apl)}, { startTime: 'now-1d' })`,
    '  console.log(res.tables[0])',
    '',
    'Or with apldb:',
    `  ${apldb} query ${shellQuote(apl)} --start now-1d --url ${url} --token ${rootToken}`,
    `  ${apldb} shell --url ${url} --token ${rootToken}`,
    '',
  )
  return `${lines.join('\n')}\n`
}
