// Compiles the built-in packs' schemas ahead of time (ajv standalone code), so start-up
// neither compiles them nor loads ajv (core/tools/precompiled-schemas.ts).
// It starts a kernel from dist/ with every built-in pack in an empty folder, records each
// schema the kernel compiles (tool inputs and outputs, pack options) plus the config's,
// and writes dist/validators/<key>.cjs for each and an index of the keys. It also records
// the tools/list answer of every built-in configuration (all packs and each preset) as
// dist/validators/<key>.json: fitting result schemas to the list's budget is the costliest
// step of a start-up (core/tools/registry.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dist = new URL('../../dist/', import.meta.url);
const out = join(dist.pathname, 'validators');
const { recordCompiledSchemas, compileSchema, AJV_OPTIONS } = await import(new URL('core/tools/schema-validator.js', dist));
const { VALIDATORS_INDEX } = await import(new URL('core/tools/precompiled-schemas.js', dist));
const { startToolpack } = await import(new URL('core/bootstrap.js', dist));
const { recordListings } = await import(new URL('core/tools/registry.js', dist));
const { BUILTIN_PRESETS } = await import(new URL('core/config/presets.js', dist));
const { createRootLogger } = await import(new URL('core/services/logger.js', dist));
const { ConfigSchema } = await import(new URL('core/config/schema.js', dist));

// Delete first: a stale index would make the kernel below skip recording nothing, but
// keeping old files around only grows dist/.
rmSync(out, { recursive: true, force: true });
const recorded = recordCompiledSchemas();
const listings = recordListings();
compileSchema(ConfigSchema, { defaults: false, noun: 'key' }); // as core/config/load.ts does
const cwd = mkdtempSync(join(tmpdir(), 'toolpack-validators-'));
try {
  for (const preset of [undefined, ...Object.keys(BUILTIN_PRESETS)]) {
    const kernel = await startToolpack({ cwd, preset, logger: createRootLogger('silent') });
    kernel.registry.listing();
    kernel.registry.listing(kernel.toolsets.initial); // what a session starts with
    await kernel.stop();
  }
} finally {
  rmSync(cwd, { recursive: true, force: true });
}

const require = createRequire(import.meta.url);
const { Ajv, _ } = require('ajv');
const standaloneCode = require('ajv/dist/standalone').default;
const addFormats = require('ajv-formats');
const compilers = new Map();
const compilerFor = (defaults) => {
  if (!compilers.has(defaults)) {
    // The formats are the ones ajv-formats adds at run time, required by the generated code.
    const ajv = new Ajv({ ...AJV_OPTIONS, useDefaults: defaults, code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
    addFormats(ajv);
    compilers.set(defaults, ajv);
  }
  return compilers.get(defaults);
};

mkdirSync(out, { recursive: true });
for (const [key, { schema, defaults }] of recorded) {
  const ajv = compilerFor(defaults);
  writeFileSync(join(out, `${key}.cjs`), standaloneCode(ajv, ajv.compile(schema)));
}
for (const [key, listing] of listings) writeFileSync(join(out, `${key}.json`), JSON.stringify(listing));
writeFileSync(join(out, VALIDATORS_INDEX), JSON.stringify([...recorded.keys(), ...listings.keys()]));
console.log(`precompiled ${recorded.size} schemas and ${listings.size} tool lists into dist/validators/`);
