/** A pack's options from the config, checked against its own TypeBox schema with defaults applied. */
import type { PluginManifest } from '../../sdk/plugin.js';
import { KernelError, KernelErrorCodes, messageOf } from '../errors.js';
import { compileSchema } from '../tools/schema-validator.js';

export function validatePackOptions(manifest: PluginManifest, options: Record<string, unknown> | undefined, origin: string): Record<string, unknown> {
  if (!manifest.options) {
    if (options && Object.keys(options).length) {
      throw new KernelError(KernelErrorCodes.PLUGIN_OPTIONS_INVALID, `Invalid configuration in ${origin}: pack "${manifest.id}" takes no options`, { pack: manifest.id });
    }
    return {};
  }
  const value = structuredClone(options ?? {});
  let schema: ReturnType<typeof compileSchema>;
  try {
    schema = compileSchema(JSON.parse(JSON.stringify(manifest.options)), { noun: 'option' });
  } catch (error) {
    // The pack's own mistake, not the config's: named like an invalid tool schema.
    throw new KernelError(KernelErrorCodes.PLUGIN_OPTIONS_SCHEMA_INVALID, `Pack "${manifest.id}": its options schema is not a valid JSON Schema: ${messageOf(error)}`, { pack: manifest.id }, { cause: error });
  }
  const result = schema.check(value);
  if (!result.ok) {
    throw new KernelError(
      KernelErrorCodes.PLUGIN_OPTIONS_INVALID,
      `Invalid configuration in ${origin}: options of pack "${manifest.id}": ${result.issues.map((i) => i.message).join('; ')}`,
      { pack: manifest.id, issues: result.issues },
    );
  }
  return value;
}
