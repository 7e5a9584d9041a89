/**
 * The project's own module paths and package names (go.mod `module`, package.json `name`,
 * pyproject and Cargo names): a sub-module requiring the root module, or workspace packages
 * depending on each other, is the project using itself, never evidence that a decision
 * naming it ("ibc-go", "the platform package") is carried out.
 */
import type { Manifest } from '../../project/api.js';

/** "github.com/cosmos/ibc-go/v8" and "…/ibc-go" are one module: the major version suffix is dropped. */
const withoutMajor = (name: string) => name.toLowerCase().replace(/\/v\d+$/, '');

export class OwnModules {
  private readonly names: Set<string>;

  constructor(manifests: readonly Pick<Manifest, 'name'>[]) {
    this.names = new Set(manifests.flatMap((m) => (m.name ? [withoutMajor(m.name)] : [])));
  }

  /** True for an own name and for a package under an own Go module path (github.com/cosmos/ibc-go/modules/capability). */
  has(dependency: string): boolean {
    const name = withoutMajor(dependency);
    if (this.names.has(name)) return true;
    for (let cut = name.lastIndexOf('/'); cut > 0; cut = name.lastIndexOf('/', cut - 1)) {
      const prefix = name.slice(0, cut);
      // A scope alone ("@acme") is no module.
      if (prefix.includes('/') && this.names.has(prefix)) return true;
    }
    return false;
  }
}
