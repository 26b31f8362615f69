/**
 * Names and addresses that can only mean this machine: what a local development server accepts
 * in `Host`, and where plain `http://` carries no secret over a network (config.ts).
 */

/** Whether `hostname` (as a URL gives it, IPv6 in brackets or not) is this machine's own. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127(\.\d{1,3}){3}$/.test(name);
}
