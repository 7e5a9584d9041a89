/** The standard recommendation for a leaked SaaS key, shared by the saas-*.ts rule files. */

/** The standard advice, naming where the provider lets you revoke the key. */
export function rotate(where: string): string {
  return `Revoke or roll the key in ${where}, check the provider's logs for use since it leaked, and load the new one from an environment variable or secret manager.`;
}
