/**
 * Who holds which token on HTTP. Each accepted token is a principal: a name
 * (the user whose per-user data, such as preferences, that caller works on) and
 * whether it may act for other users (admin). Principals come from
 * `http.principals`, where a token is named by an environment variable or by its
 * SHA-256 digest so a committed config holds no secret, and from --token /
 * TOOLPACK_TOKEN: a token no entry names becomes `token-1`, `token-2`, ...,
 * not an admin. Without any token the caller is the local user (LOCAL_CALLER).
 */
import { createHash } from 'node:crypto';
import type { Caller } from '../../sdk/tool.js';
import { LOCAL_CALLER } from '../services/session.js';

/** One entry of `http.principals` as the config holds it. */
export interface PrincipalSetting {
  name: string;
  tokenEnv?: string;
  tokenSha256?: string;
  admin?: boolean;
}

export interface TokenPrincipal {
  caller: Caller;
  /** SHA-256 of the token: what requests are compared against (in constant time). */
  digest: Buffer;
}

export class PrincipalConfigError extends Error {}

export const tokenDigest = (token: string): Buffer => createHash('sha256').update(token).digest();

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,199}$/;

/** The principals of `http.principals`, tokens read from `env`; throws naming the entry that is wrong. */
export function configuredPrincipals(settings: readonly PrincipalSetting[], env: NodeJS.ProcessEnv = process.env): TokenPrincipal[] {
  const principals: TokenPrincipal[] = [];
  settings.forEach((entry, index) => {
    const where = `http.principals[${index}]${entry.name ? ` ("${entry.name}")` : ''}`;
    if (!NAME.test(entry.name ?? '')) throw new PrincipalConfigError(`${where}: "name" must be 1-200 letters, digits, ".", "_", "@" or "-", starting with a letter or digit`);
    if (entry.name === LOCAL_CALLER.name) throw new PrincipalConfigError(`${where}: the name "${LOCAL_CALLER.name}" is the local user's (stdio, no token); choose another`);
    if ((entry.tokenEnv === undefined) === (entry.tokenSha256 === undefined)) {
      throw new PrincipalConfigError(`${where}: give exactly one of "tokenEnv" (the environment variable holding the token) or "tokenSha256" (the token's SHA-256 in hex)`);
    }
    let digest: Buffer;
    if (entry.tokenEnv !== undefined) {
      const token = env[entry.tokenEnv];
      if (!token) throw new PrincipalConfigError(`${where}: the environment variable ${entry.tokenEnv} (tokenEnv) is not set or empty; set it to the token, or remove the entry`);
      digest = tokenDigest(token);
    } else {
      if (!/^[0-9a-f]{64}$/i.test(entry.tokenSha256!)) throw new PrincipalConfigError(`${where}: "tokenSha256" must be 64 hex digits (sha256sum of the token)`);
      digest = Buffer.from(entry.tokenSha256!, 'hex');
    }
    if (principals.some((p) => p.caller.name === entry.name)) throw new PrincipalConfigError(`${where}: the name "${entry.name}" is given twice`);
    const same = principals.find((p) => p.digest.equals(digest));
    if (same) throw new PrincipalConfigError(`${where}: its token is also the token of "${same.caller.name}"; each principal needs its own`);
    principals.push({ caller: Object.freeze({ name: entry.name, admin: entry.admin === true }), digest });
  });
  return principals;
}

/**
 * Every principal the server accepts: the configured ones, then each token of `tokens`
 * (--token, TOOLPACK_TOKEN) that none of them holds, as token-N, not an admin.
 */
export function principalTable(configured: readonly TokenPrincipal[], tokens: readonly string[]): TokenPrincipal[] {
  const table = [...configured];
  let n = 0;
  for (const token of tokens.filter(Boolean)) {
    const digest = tokenDigest(token);
    if (table.some((p) => p.digest.equals(digest))) continue;
    let name: string;
    do name = `token-${++n}`;
    while (table.some((p) => p.caller.name === name));
    table.push({ caller: Object.freeze({ name, admin: false }), digest });
  }
  return table;
}
