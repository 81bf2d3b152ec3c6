#!/usr/bin/env node
// bin/apldb.js: reserved entry point of the `apldb` command line (serve, query, ingest, delete,
// tokens). The commands are not part of this version yet; say so plainly instead of pretending.
process.stderr.write(
  'apldb: the command line is not available in this version; use the embedding API (import { openStore } from "apldb")\n',
)
process.exit(2)
