// http/index.ts: apldb's HTTP face (`apldb/http`): `createHandler` for node:http and Express, and
// `serve` for a standalone server. Re-exports only.

export { createHandler, type Handler, type HandlerReady, type HttpOptions } from './handler.ts'
export { type RunningServer, type ServeOptions, serve } from './serve.ts'
