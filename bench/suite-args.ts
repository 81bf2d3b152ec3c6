// bench/suite-args.ts: the command line of the benchmark suite (bench/suite.bench.ts), parsed into
// plain settings. Rejects malformed flags with a message; never touches data or engines.

/** What one suite run does. */
export interface SuiteArgs {
  /** Event counts of the main comparison, ascending. */
  readonly sizes: readonly number[]
  /** Smoke run: 200k events, scaling off unless `--scaling` is given; results get a `-quick` suffix. */
  readonly quick: boolean
  /** Whether the scaling run (apldb only, three queries) runs. */
  readonly scaling: boolean
  /** Event counts of the scaling run, ascending. */
  readonly scalingSizes: readonly number[]
}

/** The default main sizes (issue 7). */
export const DEFAULT_SIZES = [1_000_000, 10_000_000]
/** The default scaling sizes (issue 7). */
export const DEFAULT_SCALING_SIZES = [1_000_000, 2_000_000, 5_000_000, 10_000_000]
const QUICK_SIZES = [200_000]
const QUICK_SCALING_SIZES = [50_000, 100_000, 200_000]

const USAGE =
  'usage: suite.bench.ts [--sizes N,N…] [--quick] [--scaling | --no-scaling] [--scaling-sizes N,N…]'

/** The value of `--name v` or `--name=v`, or undefined when the flag is absent. */
function flagValue(argv: readonly string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`))
  if (i < 0) return undefined
  const v = argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1]
  if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value\n${USAGE}`)
  return v
}

function sizeList(name: string, text: string): number[] {
  const sizes = text.split(',').map((s) => Number(s.trim().replace(/_/g, '')))
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new Error(`${name} wants positive integers separated by commas, got '${text}'\n${USAGE}`)
  }
  return [...new Set(sizes)].sort((a, b) => a - b)
}

const KNOWN = new Set(['--sizes', '--quick', '--scaling', '--no-scaling', '--scaling-sizes'])

/** Parses the suite's flags (see USAGE); throws on an unknown flag or a malformed list. */
export function parseSuiteArgs(argv: readonly string[]): SuiteArgs {
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].split('=')[0]
    if (!KNOWN.has(name)) throw new Error(`unknown argument '${argv[i]}'\n${USAGE}`)
    if ((name === '--sizes' || name === '--scaling-sizes') && !argv[i].includes('=')) i++
  }
  const quick = argv.includes('--quick')
  const sizesText = flagValue(argv, '--sizes')
  const scalingText = flagValue(argv, '--scaling-sizes')
  const scaling = argv.includes('--no-scaling') ? false : argv.includes('--scaling') || !quick
  return {
    sizes: sizesText ? sizeList('--sizes', sizesText) : quick ? QUICK_SIZES : DEFAULT_SIZES,
    quick,
    scaling,
    scalingSizes: scalingText
      ? sizeList('--scaling-sizes', scalingText)
      : quick
        ? QUICK_SCALING_SIZES
        : DEFAULT_SCALING_SIZES,
  }
}
