// console/src/catalog.d.ts: the shape of the completion catalog scripts/build-console.ts bundles.
declare module 'apl-catalog' {
  const catalog: {
    readonly operators: readonly { name: string; detail: string; info: string }[]
    readonly functions: readonly { name: string; kind: string; detail: string; info: string }[]
    readonly visualizations: readonly string[]
    readonly renderProperties: readonly string[]
  }
  export default catalog
}
