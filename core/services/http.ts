/**
 * The kernel's HTTP client (coreServices.http): the SDK's client bound to the config's
 * `network` policy, so every pack fetches under the same rules and none can loosen them.
 * A malformed `network.allowedHosts` entry stops the start with a ConfigurationError.
 */
import { createHttpClient, type HttpClient, type NetworkPolicy } from '../../sdk/http-client.js';

export function createHttp(network: NetworkPolicy | undefined): HttpClient {
  return createHttpClient({ policy: network ?? {} });
}
